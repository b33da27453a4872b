import { calls, REPORT_CSV, type ReportAnswer, type ReportRange } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { route } from '../http/route.ts';
import { serviceDateOf } from '../lib/service-date.ts';
import { readReportRows } from '../store/report-rollup.ts';
import { requireVenue } from '../store/venue.ts';
import { reportCsv, reportCsvFilename } from './csv.ts';
import { reportFigures } from './figures.ts';

/**
 * The owner's reports (`/owner/report`): `reportOwnerGet` answers the figures of a range of
 * service dates as JSON, `reportOwnerCsv` the same figures as a CSV download. Reads only, through
 * the store port's `read`, computed with SQL over the venue's daily rollup of its history (never
 * another venue's: the venue comes from the session). Registered in app.ts as
 * `app.register(import('./reports/index.ts'))`.
 */
export default async function reportsPlugin(app: FastifyInstance): Promise<void> {
  /** The venue's name and today's service date on the app clock (the default range). */
  const venueOf = async (db: Db, venueId: string) => {
    const venue = await requireVenue(db, venueId);
    return {
      name: venue.name,
      today: serviceDateOf(app.clock.nowMs(), venue.openingTime, venue.closingTime),
    };
  };

  const compute = async (
    venueId: string,
    range: ReportRange,
  ): Promise<{ report: ReportAnswer; venueName: string }> => {
    // One read of committed data: the venue and the three scans see the same snapshot.
    const { venue, from, to, rows } = await app.store.port.read(async (db) => {
      const venue = await venueOf(db, venueId);
      const from = range.from ?? venue.today;
      const to = range.to ?? venue.today;
      return { venue, from, to, rows: await readReportRows(db, venueId, from, to) };
    });
    return { report: reportFigures(rows, from, to, venue.today), venueName: venue.name };
  };

  route(app, calls.reportOwnerGet, async ({ body, venueId }) => (await compute(venueId, body)).report);

  route(app, calls.reportOwnerCsv, async ({ body, venueId, reply }) => {
    const { report, venueName } = await compute(venueId, body);
    void reply
      .header('content-type', REPORT_CSV.mime)
      .header('content-disposition', `attachment; filename="${reportCsvFilename(report.from, report.to)}"`)
      // Figures change with every completed table: never from a cache.
      .header('cache-control', 'no-store');
    return reportCsv(report, venueName);
  });
}
