import { AppError, calls, REPORT_CSV, type ReportAnswer, type ReportRange } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { businesses } from '../db/schema.ts';
import { route } from '../http/route.ts';
import { msg } from '../lib/messages.ts';
import { serviceDateOf } from '../lib/service-date.ts';
import { reportCsv, reportCsvFilename } from './csv.ts';
import { reportFigures } from './figures.ts';
import { ReportQueries } from './queries.ts';

/**
 * The owner's reports (`/owner/report`): `reportOwnerGet` answers the figures of a
 * range of service dates as JSON, `reportOwnerCsv` the same figures as a CSV download. Reads
 * only, computed with SQL over the venue's history (never another venue's: the business comes
 * from the session). Registered in app.ts as `app.register(import('./reports/index.ts'))`.
 */
export default async function reportsPlugin(app: FastifyInstance): Promise<void> {
  const queries = new ReportQueries(app.store.sqlite);

  /** The venue's name and today's service date on the app clock (the default range). */
  const venueOf = (businessId: string) => {
    const venue = app.store.db
      .select({
        name: businesses.name,
        openingTime: businesses.openingTime,
        closingTime: businesses.closingTime,
      })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .get();
    if (!venue) throw new AppError('business_id_error', msg.businessNotFound);
    return {
      name: venue.name,
      today: serviceDateOf(app.clock.nowMs(), venue.openingTime, venue.closingTime),
    };
  };

  const compute = (businessId: string, range: ReportRange): { report: ReportAnswer; venueName: string } => {
    const venue = venueOf(businessId);
    const from = range.from ?? venue.today;
    const to = range.to ?? venue.today;
    const rows = queries.read(businessId, from, to);
    return { report: reportFigures(rows, from, to, venue.today), venueName: venue.name };
  };

  route(app, calls.reportOwnerGet, ({ body, businessId }) => compute(businessId, body).report);

  route(app, calls.reportOwnerCsv, ({ body, businessId, reply }) => {
    const { report, venueName } = compute(businessId, body);
    void reply
      .header('content-type', REPORT_CSV.mime)
      .header('content-disposition', `attachment; filename="${reportCsvFilename(report.from, report.to)}"`)
      // Figures change with every completed table: never from a cache.
      .header('cache-control', 'no-store');
    return reportCsv(report, venueName);
  });
}
