import {
  formatEuro,
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
import { ReportSection } from './report-section.tsx';

/** Bars in the dishes chart; the table under it lists every dish. */
const TOP_DISHES = 10;

const count = (n: number) => String(n);
const euro = (cents: number) => formatEuro(cents);
/** '15/07' on a chart's axis, the year in the table. */
const shortDate = (date: string) => reportDateLabel(date).slice(0, 5);

/** The summary tiles: what the period took in and how (definitions: shared-schema api/reports.ts). */
function SummaryTiles({ report }: { report: ReportAnswer }) {
  const s = report.summary;
  const tiles: Array<[string, string, boolean]> = [
    [t.reportRevenue, euro(s.revenue), true],
    [t.reportOrders, count(s.orders), true],
    [t.reportAverageTicket, euro(s.averageTicket), true],
    [t.reportItemsTotal, euro(s.itemsTotal), false],
    [t.reportDiscounts, euro(s.discounts), false],
    [t.reportDeliveryFees, euro(s.deliveryFees), false],
    [t.reportServiceFees, euro(s.serviceFees), false],
  ];
  return (
    <section aria-label={t.reportSummary}>
      <dl className="report-tiles">
        {tiles.map(([label, value, main]) => (
          <div key={label} className={main ? 'report-tile report-tile-main' : 'report-tile'}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const ordersRevenue = <R extends { orders: number; revenue: number }>() => [
  { header: t.reportOrders, cell: (r: R) => count(r.orders), numeric: true },
  { header: t.reportRevenue, cell: (r: R) => euro(r.revenue), numeric: true },
];
const sold = <R extends { quantity: number; sales: number }>() => [
  { header: t.reportColumnQuantity, cell: (r: R) => count(r.quantity), numeric: true },
  { header: t.reportColumnSales, cell: (r: R) => euro(r.sales), numeric: true },
];

/** Every figure of a report: tiles, then one section (chart and table) per breakdown. */
export function ReportFigures({ report }: { report: ReportAnswer }) {
  const hours = reportBusyHours(report.hours);
  const topDishes = report.dishes.slice(0, TOP_DISHES);
  return (
    <>
      <SummaryTiles report={report} />
      {report.summary.orders === 0 ? (
        <p className="report-empty">{t.reportEmpty}</p>
      ) : (
        <div className="report-sections">
          <ReportSection
            wide
            title={t.reportByDay}
            chart={{
              title: t.reportByDay,
              labels: report.days.map((d) => shortDate(d.date)),
              values: report.days.map((d) => d.revenue),
              money: true,
            }}
            table={{
              columns: [
                { header: t.reportColumnDay, cell: (d) => reportDateLabel(d.date) },
                ...ordersRevenue(),
              ],
              rows: report.days,
              rowKey: (d) => d.date,
            }}
          />
          <ReportSection
            title={t.reportByWeek}
            chart={{
              title: t.reportByWeek,
              labels: report.weeks.map((w) => w.week.slice(5)),
              values: report.weeks.map((w) => w.revenue),
              money: true,
            }}
            table={{
              columns: [{ header: t.reportColumnWeek, cell: (w) => reportWeekLabel(w) }, ...ordersRevenue()],
              rows: report.weeks,
              rowKey: (w) => w.week,
            }}
          />
          <ReportSection
            title={t.reportByMonth}
            chart={{
              title: t.reportByMonth,
              labels: report.months.map((m) => reportMonthLabel(m.month)),
              values: report.months.map((m) => m.revenue),
              money: true,
            }}
            table={{
              columns: [
                { header: t.reportColumnMonth, cell: (m) => reportMonthLabel(m.month) },
                ...ordersRevenue(),
              ],
              rows: report.months,
              rowKey: (m) => m.month,
            }}
          />
          <ReportSection
            title={t.reportByHour}
            chart={{
              title: t.reportByHour,
              labels: hours.map((h) => tf.reportHour(h.hour).slice(0, 5)),
              values: hours.map((h) => h.orders),
            }}
            table={{
              columns: [
                { header: t.reportColumnHour, cell: (h) => tf.reportHour(h.hour) },
                ...ordersRevenue(),
              ],
              rows: hours,
              rowKey: (h) => String(h.hour),
            }}
          />
          <ReportSection
            title={t.reportByKind}
            chart={{
              title: t.reportByKind,
              labels: report.byKind.map((k) => reportKindLabel(k.kind)),
              values: report.byKind.map((k) => k.revenue),
              money: true,
            }}
            table={{
              columns: [
                { header: t.reportColumnKind, cell: (k) => reportKindLabel(k.kind) },
                ...ordersRevenue(),
                { header: t.reportAverageTicket, cell: (k) => euro(k.averageTicket), numeric: true },
              ],
              rows: report.byKind,
              rowKey: (k) => k.kind,
            }}
          />
          <ReportSection
            title={t.reportByPayment}
            chart={{
              title: t.reportByPayment,
              labels: report.byPayment.map((p) => reportPaymentLabel(p.method)),
              values: report.byPayment.map((p) => p.revenue),
              money: true,
            }}
            table={{
              columns: [
                { header: t.reportColumnPayment, cell: (p) => reportPaymentLabel(p.method) },
                ...ordersRevenue(),
                { header: t.reportServiceFees, cell: (p) => euro(p.serviceFees), numeric: true },
              ],
              rows: report.byPayment,
              rowKey: (p) => p.method,
            }}
          />
          <ReportSection
            title={t.reportByArea}
            chart={{
              title: t.reportByArea,
              labels: report.areas.map((a) => reportAreaLabel(a.area)),
              values: report.areas.map((a) => a.sales),
              money: true,
            }}
            table={{
              columns: [{ header: t.reportColumnArea, cell: (a) => reportAreaLabel(a.area) }, ...sold()],
              rows: report.areas,
              rowKey: (a) => a.area,
            }}
          />
          <ReportSection
            wide
            title={t.reportByDish}
            note={t.reportSalesNote}
            chart={{
              title: t.reportTopDishes,
              labels: topDishes.map((d) => d.name),
              values: topDishes.map((d) => d.sales),
              money: true,
              horizontal: true,
            }}
            table={{
              columns: [
                { header: t.reportColumnDish, cell: (d) => d.name },
                { header: t.reportColumnCategory, cell: (d) => d.categoryName },
                ...sold(),
              ],
              rows: report.dishes,
              rowKey: (d) => `${d.dishId ?? 'name'}:${d.name}:${d.categoryName}`,
            }}
          />
          <ReportSection
            wide
            title={t.reportByCategory}
            chart={{
              title: t.reportByCategory,
              labels: report.categories.map((c) => c.name),
              values: report.categories.map((c) => c.sales),
              money: true,
              horizontal: true,
            }}
            table={{
              columns: [{ header: t.reportColumnCategory, cell: (c) => c.name }, ...sold()],
              rows: report.categories,
              rowKey: (c) => `${c.categoryId ?? 'name'}:${c.name}`,
            }}
          />
        </div>
      )}
    </>
  );
}
