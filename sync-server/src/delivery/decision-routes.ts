import { AppError, calls, t } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { refuseIfNewLines } from '../dashboard/entries.ts';
import { businesses, orderLines, orders } from '../db/schema.ts';
import { msg } from '../http/messages.ts';
import { mutationRoute } from '../http/route.ts';
import { recordPayStatus } from '../payments/pay-status.ts';
import { deliveryAcceptedMail, deliveryRefundedMail } from './mail.ts';
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
    const mail = deliveryAcceptedMail(entry, venue?.name ?? '', accepted.serviceFee);
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
      if (!pending) return { refundId: null };
      // Refused before any money moves when the tablet has not seen the latest lines.
      refuseIfNewLines(app.store.db, order.id, body.seenVersion);
      return refundDelivery(app, order);
    },
    (ctx, prepared) => {
      const { body, db, businessId, now, change, publish, afterCommit } = ctx;
      const order = requireDelivery(db, businessId, body.deliveryId);
      /**
       * Accepted on another tablet, or new lines, while Stripe refunded: the rejection is refused
       * and the order stays, but its money is back with the customer, so once this refusal is
       * stored the order is recorded unpaid ('order' change, `changeStatusPay` 0).
       */
      const keptAfterRefund = (err: AppError): AppError => {
        const paymentIntentId = order.paymentIntentId;
        if (prepared.refundId === null || paymentIntentId === null) return err;
        app.log.warn(
          { deliveryId: order.id, refundId: prepared.refundId },
          'refunded, then the rejection was refused',
        );
        setImmediate(() => {
          const input = {
            scope: calls.deliveryReject.path,
            key: null,
            paymentIntentId,
            businessId,
            status: 0 as const,
          };
          recordPayStatus(app, input).catch((e: unknown) =>
            app.log.error({ err: e, deliveryId: order.id }, 'unpaid not recorded'),
          );
        });
        return err;
      };
      if (order.accettato) {
        const text = prepared.refundId === null ? t.deliveryAlreadyAccepted : t.refundedButAccepted;
        throw keptAfterRefund(new AppError('ALREADY_DECIDED', text));
      }
      if (order.closedAt !== null) return { success: true };
      try {
        refuseIfNewLines(db, order.id, body.seenVersion);
      } catch (err) {
        throw err instanceof AppError ? keptAfterRefund(err) : err;
      }
      const lines = allLines(db, order);
      db.update(orders).set({ closedAt: now, updatedAt: now }).where(eq(orders.id, order.id)).run();
      change('order', order.id, 'delete');
      for (const line of lines) change('line', line.id, 'delete');
      publish('removeDelivery', { deliveryId: order.id });
      publishCount(ctx, businessId);
      if (prepared.refundId !== null) {
        // Issue 7: the customer is told by e-mail that the order was refused and refunded.
        const venue = db
          .select({ name: businesses.name })
          .from(businesses)
          .where(eq(businesses.id, businessId))
          .get();
        const mail = deliveryRefundedMail(deliveryWire(order, lines), order.serviceFee, venue?.name ?? '');
        if (mail) afterCommit(() => app.mailer.queue(mail));
      }
      return { success: true };
    },
  );

  /**
   * Payment status of an open delivery paid at the counter (1 paid): the 'order' row and live
   * `changeStatusPay`. A card order's status is Stripe's alone (webhook, payment-status): the
   * owner could otherwise record a card payment Stripe never took, or unpay a paid one.
   */
  mutationRoute(app, calls.deliveryChangeStatusPay, (ctx) => {
    const { body, db, businessId, now, change, publish } = ctx;
    const order = requireDelivery(db, businessId, body.deliveryId);
    if (order.closedAt !== null) throw new AppError('CONFLICT', t.deliveryNotOpen);
    if (order.paymentMethod === 'carta' || order.paymentIntentId !== null) {
      throw new AppError('CONFLICT', t.cardPayStatusByStripe);
    }
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
