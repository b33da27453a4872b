import { z } from 'zod';
import { KITCHEN_AREAS } from '../constants.ts';
import { defineCall, ok } from '../contract.ts';
import { t, tf } from '../texts.ts';

/**
 * The owner's reports (`/owner/report`): figures over a range of service dates,
 * computed by the server with SQL over the history written when a table or a delivery is
 * completed (`order_history`, one row per completed order, and `order_history_lines`, one row per
 * line). Only the signed-in owner's venue is ever read.
 *
 * What the history holds, and so what every figure means (all money is integer cents):
 * - An order's `totaleOrdine` is the sum of price x amount of its lines that the owner did not
 *   delete (`owner_deleted` lines count 0, as on the order view: spec 4).
 * - `sconto` is the discount charged on the order (capped at `totaleOrdine`), `costoConsegna` the
 *   delivery fee (consegna only, spec 9), `serviceFee` the card service fee the customer paid
 *   (spec 9; owner orders and cassa pay none).
 * - `totalePagato` = totaleOrdine + costoConsegna + serviceFee - sconto: what the customer paid.
 * - A line keeps its own name, unit price (options included), category and kitchen area as they
 *   were when it was ordered, so a later menu edit does not rewrite past figures.
 * - Rejected or deleted orders never reach the history (nothing was sold).
 *
 * Dates: a service date is the Rome date of the evening a service began ('YYYY-MM-DD'): an order
 * completed at 01:30 on a night the venue closes at 02:00 counts to the day before, as it is
 * stored (`service_date`). `from` and `to` are service dates, both included.
 */

/** Longest range a report covers, in days: one year, a leap year included. */
export const REPORT_MAX_DAYS = 366;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `date` is a real calendar date 'YYYY-MM-DD' between 2000 and 2099. */
export function isReportDate(date: string): boolean {
  const match = DATE_PATTERN.exec(date);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < 2000 || y > 2099) return false;
  const utc = new Date(Date.UTC(y, m - 1, d));
  return utc.getUTCFullYear() === y && utc.getUTCMonth() === m - 1 && utc.getUTCDate() === d;
}

/** Days from `from` to `to`, both included (1 for a single day). Both must be report dates. */
export function reportDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * Why a range cannot be reported, in Italian, or null when it can. Both dates or neither (then
 * the server reports its own today); real dates; `from` not after `to`; at most a year.
 */
export function reportRangeProblem(from: string | undefined, to: string | undefined): string | null {
  if (from === undefined && to === undefined) return null;
  if (from === undefined || to === undefined) return t.reportRangeIncomplete;
  if (!isReportDate(from) || !isReportDate(to)) return t.reportInvalidDate;
  if (from > to) return t.reportRangeReversed;
  if (reportDays(from, to) > REPORT_MAX_DAYS) return t.reportRangeTooLong;
  return null;
}

/**
 * The range of a report: `{from, to}` service dates, or neither for the server's today. Every
 * problem is one issue without a path, so the error envelope's text is the Italian sentence
 * alone ('La data di inizio è successiva alla data di fine.'), not prefixed with a field name.
 */
export const ReportRange = z
  .object({ from: z.string().optional(), to: z.string().optional() })
  .strict()
  .superRefine((range, ctx) => {
    const problem = reportRangeProblem(range.from, range.to);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [] });
  });
export type ReportRange = z.infer<typeof ReportRange>;

/** A sum of cents over many orders: a busy year passes the wire's `Cents` bound of 1.000.000 €. */
const Total = z.number().int().min(0);
const Count = z.number().int().min(0);

/** Orders and what they paid, for one period or group. */
const OrdersRevenue = { orders: Count, revenue: Total };

export const ReportSummary = z.object({
  /** Completed orders (tables, deliveries and pickups). */
  orders: Count,
  /** "Incasso": sum of totalePagato, what customers paid (fees in, discounts out). */
  revenue: Total,
  /** "Scontrino medio": revenue / orders, rounded to the cent; 0 with no orders. */
  averageTicket: Total,
  /** "Venduto": sum of totaleOrdine, the lines not deleted, before discounts and fees. */
  itemsTotal: Total,
  /** "Sconti": sum of sconto. */
  discounts: Total,
  /** "Costi di consegna": sum of costoConsegna (consegna orders only). */
  deliveryFees: Total,
  /** "Costi di servizio": sum of the card service fees customers paid. */
  serviceFees: Total,
});
export type ReportSummary = z.infer<typeof ReportSummary>;

export const ReportKind = z.enum(['table', 'consegna', 'ritiro']);
export type ReportKind = z.infer<typeof ReportKind>;
export const ReportPaymentMethod = z.enum(['cassa', 'carta']);
export type ReportPaymentMethod = z.infer<typeof ReportPaymentMethod>;

export const ReportAnswer = ok({
  /** The range reported (the server's today when none was asked). */
  from: z.string(),
  to: z.string(),
  /** The venue's current service date on the server's clock: presets count from it. */
  today: z.string(),
  summary: ReportSummary,
  /** Every service date of the range, in order, zeros included (a chart's continuous axis). */
  days: z.array(z.object({ date: z.string(), ...OrdersRevenue })),
  /**
   * ISO 8601 weeks (Monday to Sunday) touching the range, in order, zeros included: `week` is
   * '2025-W28'; `from`/`to` are its first and last dates inside the range (a range that starts
   * on a Wednesday has a first week of five days).
   */
  weeks: z.array(z.object({ week: z.string(), from: z.string(), to: z.string(), ...OrdersRevenue })),
  /** Calendar months ('2025-07') touching the range, clipped to it like the weeks. */
  months: z.array(z.object({ month: z.string(), from: z.string(), to: z.string(), ...OrdersRevenue })),
  /**
   * Tavolo / consegna / ritiro, always the three: orders, revenue (totalePagato, so consegna
   * includes its delivery fees) and the average ticket of each.
   */
  byKind: z.array(z.object({ kind: ReportKind, ...OrdersRevenue, averageTicket: Total })),
  /**
   * Carta versus cassa, always both: orders, revenue (totalePagato) and the card service fees in
   * it. Tables are paid at the counter (cassa) unless a card payment was recorded on the order.
   */
  byPayment: z.array(z.object({ method: ReportPaymentMethod, ...OrdersRevenue, serviceFees: Total })),
  /**
   * The 24 hours of the Rome clock (0-23), each with the orders that came in during it (the time
   * the order was opened: a table's first send, a delivery's creation) and their revenue. Rome
   * time at that instant, so summer and winter time both land on the wall-clock hour.
   */
  hours: z.array(z.object({ hour: z.number().int().min(0).max(23), ...OrdersRevenue })),
  /**
   * Dishes sold, best sales first: `quantity` is the sum of amounts, `sales` the sum of price x
   * amount of lines not deleted by the owner. Sales are before the order's discount (a discount
   * belongs to the order, not to a dish) and exclude fees: the dishes add up to
   * `summary.itemsTotal`. A dish is keyed by its menu id (its latest name and category are shown);
   * each out-of-menu description is its own entry with `dishId` null.
   */
  dishes: z.array(
    z.object({
      dishId: z.string().nullable(),
      name: z.string(),
      categoryName: z.string(),
      quantity: Count,
      sales: Total,
    }),
  ),
  /** Categories as ordered ('Fuori menu' for out-of-menu lines), same definitions as dishes. */
  categories: z.array(
    z.object({ categoryId: z.string().nullable(), name: z.string(), quantity: Count, sales: Total }),
  ),
  /** Kitchen areas (cucina, bar, fritti), always the three, same definitions as dishes. */
  areas: z.array(z.object({ area: z.enum(KITCHEN_AREAS), quantity: Count, sales: Total })),
});
export type ReportAnswer = z.infer<typeof ReportAnswer>;

/** A service date as Italians write it: '2025-07-15' -> '15/07/2025'. */
export function reportDateLabel(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/** A month key as a person reads it: '2025-07' -> '07/2025'. */
export const reportMonthLabel = (month: string): string => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** An ISO week key and its dates: 'Settimana 28 (07/07 - 13/07)'. */
export function reportWeekLabel(week: { week: string; from: string; to: string }): string {
  const short = (date: string) => reportDateLabel(date).slice(0, 5);
  return tf.reportWeek(Number(week.week.slice(6)), short(week.from), short(week.to));
}

export function reportKindLabel(kind: ReportKind): string {
  return kind === 'table'
    ? t.reportKindTable
    : kind === 'consegna'
      ? t.reportKindConsegna
      : t.reportKindRitiro;
}

export function reportPaymentLabel(method: ReportPaymentMethod): string {
  return method === 'carta' ? t.reportPaymentCarta : t.reportPaymentCassa;
}

export function reportAreaLabel(area: (typeof KITCHEN_AREAS)[number]): string {
  return area === 'cucina' ? t.kitchenAreaKitchen : area === 'bar' ? t.kitchenAreaBar : t.kitchenAreaFried;
}

/** The hour a venue's day starts at when hours are listed: late-night hours follow the evening. */
export const REPORT_DAY_START_HOUR = 6;

/** The hours that had orders, in the order of a service day (06:00 ... 23:00, 00:00 ... 05:00). */
export function reportBusyHours<H extends { hour: number; orders: number }>(hours: readonly H[]): H[] {
  const rank = (hour: number) => (hour - REPORT_DAY_START_HOUR + 24) % 24;
  return hours.filter((h) => h.orders > 0).sort((a, b) => rank(a.hour) - rank(b.hour));
}

/**
 * The CSV export: the same figures as `reportOwnerGet` for the same range, for Excel in Italian.
 * UTF-8 with a byte order mark (Excel reads accents right), `;` between fields, CRLF line ends,
 * amounts as plain numbers with a decimal comma and no thousands separator ('1234,50', so a cell
 * is a number), one section after another (a title line, a header line, the rows, a blank line).
 * Fields with `;`, quotes or line breaks are quoted; a text starting with = + - @ is prefixed with
 * an apostrophe so a spreadsheet never runs it as a formula. Sent as an attachment named
 * 'report-YYYY-MM-DD-YYYY-MM-DD.csv'.
 */
export const REPORT_CSV = { separator: ';', mime: 'text/csv; charset=utf-8' } as const;

export const reportCalls = {
  /** The figures of one range (owner). A bad range is a 400 with the Italian reason. */
  reportOwnerGet: defineCall({
    method: 'POST',
    path: '/api/report/owner/get',
    large: true,
    access: 'owner',
    body: ReportRange,
    response: ReportAnswer,
  }),
  /**
   * The same figures as a CSV download (owner): a GET, so a plain link downloads it with the
   * session cookie. `from`/`to` in the query string. The answer is the CSV text, not JSON.
   */
  reportOwnerCsv: defineCall({
    method: 'GET',
    path: '/api/report/owner/csv',
    large: true,
    access: 'owner',
    body: ReportRange,
    response: z.string(),
  }),
};
