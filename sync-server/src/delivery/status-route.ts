import {
  AppError,
  calls,
  type DeliveryProgress,
  type DeliveryProgressStatus,
  orderBill,
  t,
} from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import {
  allLines,
  deliveryWire,
  type OrderLineRecord,
  type OrderRecord,
  venueOrder,
} from '../store/orders.ts';

/**
 * Where a delivery stands (spec 4 "Delivery order"): open and awaiting the decision, accepted;
 * closed before it was accepted means the venue rejected (or removed) it, closed once accepted
 * means it was completed.
 */
export function progressStatus(order: Pick<OrderRecord, 'accettato' | 'closedAt'>): DeliveryProgressStatus {
  if (order.closedAt !== null) return order.accettato ? 'completed' : 'rejected';
  return order.accettato ? 'accepted' : 'pending';
}

/** The customer's recap of their delivery (the summary's type, time and total, spec 2.10). */
export function deliveryProgress(order: OrderRecord, lines: readonly OrderLineRecord[]): DeliveryProgress {
  const entry = deliveryWire(order, lines);
  // The one rule of every total: fee for a Consegna, the card fee as charged, less a discount.
  const totals = orderBill({ ...entry, serviceFee: order.serviceFee }, entry.reservations);
  return {
    deliveryId: order.id,
    status: progressStatus(order),
    tipo: order.kind === 'consegna' ? 'Consegna' : 'Ritiro',
    orario: order.orario,
    primaPossibile: order.primaPossibile,
    total: totals.newTotal,
    hasEmail: Boolean(order.email),
  };
}

/**
 * The customer's own delivery or pickup after the send (the result screen of spec 2.11, which
 * also listens for the live `deliveryStatus`). Only the account that placed it: anyone else, and
 * any id that is not a delivery of this venue, gets the same NOT_FOUND, so an id reveals nothing.
 */
export async function statusRoute(app: FastifyInstance): Promise<void> {
  route(app, calls.userDeliveryStatus, ({ body, user }) =>
    app.store.port.read(async (db) => {
      const order = await venueOrder(db, body.ownerId, body.deliveryId);
      if (!order || order.kind === 'table' || order.placedBy === null || order.placedBy !== user.user.id) {
        throw new AppError('NOT_FOUND', t.deliveryNotFound);
      }
      return { success: true, delivery: deliveryProgress(order, await allLines(db, order)) };
    }),
  );
}
