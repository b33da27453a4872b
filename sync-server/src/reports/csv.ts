import {
  REPORT_CSV,
  type ReportAnswer,
  reportAreaLabel,
  reportBusyHours,
  reportDateLabel,
  reportKindLabel,
  reportMonthLabel,
  reportPaymentLabel,
  reportWeekLabel,
  t,
  tf,
} from '@comanda/shared-schema';

/**
 * The report as CSV for a spreadsheet in Italian (the format is the contract's `REPORT_CSV`
 * comment): the same figures as the screen, one section after another.
 */

const SEP = REPORT_CSV.separator;
const BOM = '\uFEFF';

/** Cents as a spreadsheet number with a decimal comma: 123450 -> '1234,50'. */
export function csvAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * One text field: quoted when it holds the separator, a quote or a line break; a leading
 * = + - @ (or tab/CR) gets an apostrophe first, so a dish named '=HYPERLINK(...)' stays text.
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

type Cell = string | { cents: number } | number;

function cell(value: Cell): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return csvText(value);
  return csvAmount(value.cents);
}

const euro = (title: string) => tf.reportEuroColumn(title);
const money = (cents: number) => ({ cents });

/** The CSV text, byte order mark first, CRLF line ends. */
export function reportCsv(report: ReportAnswer, venueName: string): string {
  const lines: string[] = [];
  const row = (...cells: Cell[]) => lines.push(cells.map(cell).join(SEP));
  const section = (title: string, header: string[], rows: Cell[][]) => {
    lines.push('');
    row(title);
    row(...header);
    for (const r of rows) row(...r);
  };
  const s = report.summary;

  row(t.reportTitle, venueName);
  row(t.reportRange, tf.reportRange(reportDateLabel(report.from), reportDateLabel(report.to)));
  section(
    t.reportSummary,
    [t.reportColumnItem, t.reportColumnValue],
    [
      [t.reportOrders, s.orders],
      [euro(t.reportRevenue), money(s.revenue)],
      [euro(t.reportAverageTicket), money(s.averageTicket)],
      [euro(t.reportItemsTotal), money(s.itemsTotal)],
      [euro(t.reportDiscounts), money(s.discounts)],
      [euro(t.reportDeliveryFees), money(s.deliveryFees)],
      [euro(t.reportServiceFees), money(s.serviceFees)],
    ],
  );
  const ordersRevenue = [t.reportOrders, euro(t.reportRevenue)];
  section(
    t.reportByDay,
    [t.reportColumnDay, ...ordersRevenue],
    report.days.map((d) => [reportDateLabel(d.date), d.orders, money(d.revenue)]),
  );
  section(
    t.reportByWeek,
    [t.reportColumnWeek, ...ordersRevenue],
    report.weeks.map((w) => [reportWeekLabel(w), w.orders, money(w.revenue)]),
  );
  section(
    t.reportByMonth,
    [t.reportColumnMonth, ...ordersRevenue],
    report.months.map((m) => [reportMonthLabel(m.month), m.orders, money(m.revenue)]),
  );
  section(
    t.reportByKind,
    [t.reportColumnKind, ...ordersRevenue, euro(t.reportAverageTicket)],
    report.byKind.map((k) => [reportKindLabel(k.kind), k.orders, money(k.revenue), money(k.averageTicket)]),
  );
  section(
    t.reportByPayment,
    [t.reportColumnPayment, ...ordersRevenue, euro(t.reportServiceFees)],
    report.byPayment.map((p) => [
      reportPaymentLabel(p.method),
      p.orders,
      money(p.revenue),
      money(p.serviceFees),
    ]),
  );
  section(
    t.reportByHour,
    [t.reportColumnHour, ...ordersRevenue],
    reportBusyHours(report.hours).map((h) => [tf.reportHour(h.hour), h.orders, money(h.revenue)]),
  );
  const sold = [t.reportColumnQuantity, euro(t.reportColumnSales)];
  section(
    t.reportByDish,
    [t.reportColumnDish, t.reportColumnCategory, ...sold],
    report.dishes.map((d) => [d.name, d.categoryName, d.quantity, money(d.sales)]),
  );
  section(
    t.reportByCategory,
    [t.reportColumnCategory, ...sold],
    report.categories.map((c) => [c.name, c.quantity, money(c.sales)]),
  );
  section(
    t.reportByArea,
    [t.reportColumnArea, ...sold],
    report.areas.map((a) => [reportAreaLabel(a.area), a.quantity, money(a.sales)]),
  );
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** The attachment's name: ASCII only, so every browser keeps it as is. */
export function reportCsvFilename(from: string, to: string): string {
  return `report-${from}-${to}.csv`;
}
