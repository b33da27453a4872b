import { AppError, calls, t } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { refuseIfNewLines } from '../dashboard/entries.ts';
import { businesses, orderLines, orders } from '../db/schema.ts';
import { msg } from '../http/messages.ts';
import { mutationRoute } from '../http/route.ts';
import { deliveryAcceptedMail } from './mail.ts';
import { refundDelivery } from './payment.ts';
import { allLines, deliveryWire, publishCount, recordPut, requireDelivery } from './writes.ts';

/**
 * Spec 7 "Delivery", the owner's decisions (spec 4 "Delivery order"), each an outbox mutation.
 * DESIGN.md: the same decision twice is a no-op, the other one is refused as already decided. A
 * delivery closed while pending was rejected or deleted; one closed once accepted was completed.
 */
export async function decisionRoutes(app: FastifyInstance): Promise<void> {
  /**
   * Accepts a pending delivery: its lines and the order accettato 1, the entry to every other
   * device (`order`, so dashboards ring and the kitchen sees it) with the new count, and, once
   * committed, the customer's confirmation mail. The answer carries the entry for the accepting
   * tablet's print flow.
   */
  mutationRoute(app, calls.deliveryAccept, (ctx) => {
    const { body, db, businessId, now, publish, afterCommit } = ctx;
    const order = requireDelivery(db, businessId, body.deliveryId);
    if (order.closedAt !== null && !order.accettato)
      throw new AppError('ALREADY_DECIDED', t.deliveryAlreadyRemoved);
    if (order.accettato) return { success: true, table: deliveryWire(order, allLines(db, order)) };

    const accepted = db
      .update(orders)
      .set({ accettato: true, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning()
      .get();
    if (!accepted) throw new Error('delivery vanished inside its transaction');
    db.update(orderLines)
      .set({ accettato: true, lastUpdate: now })
      .where(eq(orderLines.orderId, order.id))
      .run();
    const entry = deliveryWire(accepted, allLines(db, accepted));
    recordPut(ctx, entry);
    publish('order', { table: entry });
    publishCount(ctx, businessId);

    const venue = db
      .select({ name: businesses.name })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .get();
    const mail = deliveryAcceptedMail(entry, venue?.name ?? '');
    if (mail) afterCommit(() => app.mailer.queue(mail));
    return { success: true, table: entry };
  });

  /**
   * Rejects a pending delivery: refunded first when paid by card (issue 7's seam, before the
   * transaction; re-checked inside it), then closed without history, its rows deleted from every
   * device, `removeDelivery` and the new count. Refused when another tablet accepted it, or when
   * lines arrived after the version the rejecting tablet saw.
   */
  mutationRoute(
    app,
    calls.deliveryReject,
    async ({ body, businessId }) => {
      const order = requireDelivery(app.store.db, businessId, body.deliveryId);
      const pending = order.closedAt === null && !order.accettato;
      return pending ? refundDelivery(app, order) : { refundId: null };
    },
    (ctx, _prepared) => {
      const { body, db, businessId, now, change, publish } = ctx;
      const order = requireDelivery(db, businessId, body.deliveryId);
      if (order.accettato) throw new AppError('ALREADY_DECIDED', t.deliveryAlreadyAccepted);
      if (order.closedAt !== null) return { success: true };
      // Issue 7: a refund made in the prepare step for an order another tablet accepted meanwhile
      // (refused just above) must be dealt with there; `prepared.refundId` names it.
      refuseIfNewLines(db, order.id, body.seenVersion);
      const lines = allLines(db, order);
      db.update(orders).set({ closedAt: now, updatedAt: now }).where(eq(orders.id, order.id)).run();
      change('order', order.id, 'delete');
      for (const line of lines) change('line', line.id, 'delete');
      publish('removeDelivery', { deliveryId: order.id });
      publishCount(ctx, businessId);
      return { success: true };
    },
  );

  /** Payment status of an open delivery (1 paid): the 'order' row and live `changeStatusPay`. */
  mutationRoute(app, calls.deliveryChangeStatusPay, (ctx) => {
    const { body, db, businessId, now, change, publish } = ctx;
    const order = requireDelivery(db, businessId, body.deliveryId);
    if (order.closedAt !== null) throw new AppError('CONFLICT', t.deliveryNotOpen);
    if (Number(order.statusPay) === body.status) return { success: true };
    const updated = db
      .update(orders)
      .set({ statusPay: body.status === 1, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning()
      .get();
    if (!updated) throw new Error(msg.internal);
    const { reservations: _lines, ...row } = deliveryWire(updated, []);
    change('order', updated.id, 'put', row);
    publish('changeStatusPay', { deliveryId: updated.id, status: body.status });
    return { success: true };
  });
}
