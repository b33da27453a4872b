import type { FastifyInstance } from 'fastify';
import type { CardPaymentsOptions } from '../card-payments.ts';
import { closeRoutes } from './close-routes.ts';
import { lineRoutes } from './line-routes.ts';
import { outOfMenuRoute } from './out-of-menu-route.ts';
import { printerRoutes } from './printer-routes.ts';
import { readRoutes } from './read-routes.ts';

/**
 * The owner's live dashboard (spec 2.6, 2.12, 4, 7 "Dashboard" and "Printer"): its reads, the
 * line and order edits, out-of-menu lines, printing, complete and delete. The 'order' and 'line'
 * rows the devices keep offline are registered by the ordering feature; every mutation here
 * writes their changes. Completing a card order asks Stripe through `cards` (app.ts).
 */
export async function dashboardPlugin(app: FastifyInstance, { cards }: CardPaymentsOptions): Promise<void> {
  await app.register(readRoutes);
  await app.register(lineRoutes);
  await app.register(outOfMenuRoute);
  await app.register(closeRoutes, { cards });
  await app.register(printerRoutes);
}
