import { calls } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import { entryWire, listDashboard, pendingDeliveries, requireOpenEntry } from './entries.ts';

/** Spec 7 "Dashboard": the reads. Another venue's ids find nothing (404). */
export async function readRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.store;

  route(app, calls.dashboardGet, ({ body, businessId }) => ({
    success: true,
    reservations: listDashboard(db, businessId, body.filter),
  }));

  route(app, calls.dashboardTableGet, ({ body, businessId }) => ({
    success: true,
    table: entryWire(db, requireOpenEntry(db, businessId, body.tableId), body.filter),
  }));

  /** The delivery button's count (spec 2.6): deliveries and pickups awaiting a decision. */
  route(app, calls.deliveryCount, ({ businessId }) => ({
    success: true,
    result: pendingDeliveries(db, businessId),
  }));
}
