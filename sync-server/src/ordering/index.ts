import type { FastifyInstance } from 'fastify';
import { lineWire, listOpenLines, listOpenOrders, orderWire } from '../store/orders.ts';
import { customerRoutes } from './customer-routes.ts';
import { orderRoute } from './order-route.ts';
import { tableFirstRoute } from './table-first-route.ts';

/**
 * Ordering at the table (spec 2.7-2.9, 4 "customer order flow", 7 "Ordering and menu"): the
 * customer's reads and the order itself, and the open dashboard entries ('order') and their
 * lines ('line') the owner's device keeps offline. Every mutation that changes an entry or a
 * line writes its change row; completing an entry deletes both.
 */
export async function orderingPlugin(app: FastifyInstance): Promise<void> {
  app.sync.registerSnapshot('order', async (db, venueId) =>
    (await listOpenOrders(db, venueId)).map(({ order, table }) => ({
      id: order.id,
      data: orderWire(order, table),
    })),
  );
  app.sync.registerSnapshot('line', async (db, venueId) =>
    (await listOpenLines(db, venueId)).map(({ line, order }) => ({
      id: line.id,
      data: lineWire(line, order),
    })),
  );
  await app.register(customerRoutes);
  await app.register(orderRoute);
  await app.register(tableFirstRoute);
}
