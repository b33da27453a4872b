import { calls } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import { entryWire, listDashboard, pendingDeliveries, requireOpenEntry } from './entries.ts';

/** Spec 7 "Dashboard": the reads. Another venue's ids find nothing (404). */
export async function readRoutes(app: FastifyInstance): Promise<void> {
  const { port } = app.store;

  route(app, calls.dashboardGet, async ({ body, venueId }) => ({
    success: true,
    reservations: await port.read((db) => listDashboard(db, venueId, body.filter)),
  }));

  route(app, calls.dashboardTableGet, async ({ body, venueId }) => ({
    success: true,
    table: await port.read(async (db) =>
      entryWire(db, await requireOpenEntry(db, venueId, body.tableId), body.filter),
    ),
  }));

  /** The delivery button's count (spec 2.6): deliveries and pickups awaiting a decision. */
  route(app, calls.deliveryCount, async ({ venueId }) => ({
    success: true,
    result: await port.read((db) => pendingDeliveries(db, venueId)),
  }));
}
