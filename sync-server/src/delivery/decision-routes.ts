import { AppError, calls, t } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import type { CardPaymentsOptions } from '../card-payments.ts';
import { msg } from '../lib/messages.ts';
import { queueMail } from '../mail/outbox.ts';
import { acceptDelivery, setCounterPayStatus } from '../store/deliveries.ts';
import { allLines, deliveryWire } from '../store/orders.ts';
import { venueName } from '../store/venue.ts';
import { mutationRoute } from '../sync/mutation-route.ts';
import { deliveryAcceptedMail } from './mail.ts';
import { prepareRejection, rejectDelivery } from './reject.ts';
import { publishCount, recordPut, refuseCheckout, requireDelivery, tellCustomer } from './writes.ts';

/**
 * Spec 7 "Delivery", the owner's decisions (spec 4 "Delivery order"), each an outbox mutation.
 * DESIGN.md: the same decision twice is a no-op, the other one is refused as already decided. A
 * delivery closed while pending was rejected or deleted; one closed once accepted was completed.
 */
export async function decisionRoutes(app: FastifyInstance, { cards }: CardPaymentsOptions): Promise<void> {
  /**
   * Accepts a pending delivery: its lines and the order accettato 1, the entry to every other
   * device (`order`, so dashboards ring and the kitchen sees it) with the new count, and, once
   * committed, the customer's confirmation mail. The answer carries the entry for the accepting
   * tablet's print flow.
   */
  mutationRoute(app, calls.deliveryAccept, async (ctx) => {
    const { body, db, venueId, now, publish, afterCommit } = ctx;
    const order = await requireDelivery(db, venueId, body.deliveryId);
    if (order.closedAt !== null && !order.accettato)
      throw new AppError('ALREADY_DECIDED', t.deliveryAlreadyRemoved);
    if (order.accettato) return { success: true, table: deliveryWire(order, await allLines(db, order)) };
    refuseCheckout(order);

    const accepted = await acceptDelivery(db, order.id, now);
    if (!accepted) throw new Error('delivery vanished inside its transaction');
    const entry = deliveryWire(accepted, await allLines(db, accepted));
    recordPut(ctx, entry);
    publish('order', { table: entry });
    await publishCount(ctx, venueId);
    tellCustomer(ctx, accepted, 'accepted');

    const name = await venueName(db, venueId);
    const mail = deliveryAcceptedMail(entry, name ?? '', accepted.serviceFee);
    // In the transaction: a crash after the commit loses no mail (mail/outbox.ts).
    if (mail) {
      await queueMail(db, mail, now);
      afterCommit(() => app.mailer.wake());
    }
    return { success: true, table: entry };
  });

  /**
   * Rejects a pending delivery: refunded first when paid by card, then closed without history,
   * its rows deleted from every device, `removeDelivery` and the new count (reject.ts). Refused
   * when another tablet accepted it, or when lines arrived after the version the tablet saw.
   */
  mutationRoute(
    app,
    calls.deliveryReject,
    ({ body, venueId }) => prepareRejection(app, cards, venueId, body),
    async (ctx, prepared) => {
      await rejectDelivery(app, cards, ctx, ctx.body, prepared, calls.deliveryReject.path);
      return { success: true };
    },
  );

  /**
   * Payment status of an open delivery paid at the counter (1 paid): the 'order' row and live
   * `changeStatusPay`. A card order's status is Stripe's alone (webhook, payment-status): the
   * owner could otherwise record a card payment Stripe never took, or unpay a paid one.
   */
  mutationRoute(app, calls.deliveryChangeStatusPay, async (ctx) => {
    const { body, db, venueId, now, change, publish } = ctx;
    const order = await requireDelivery(db, venueId, body.deliveryId);
    if (order.closedAt !== null) throw new AppError('CONFLICT', t.deliveryNotOpen);
    if (order.paymentMethod === 'carta' || order.paymentIntentId !== null) {
      throw new AppError('CONFLICT', t.cardPayStatusByStripe);
    }
    if (Number(order.statusPay) === body.status) return { success: true };
    const updated = await setCounterPayStatus(db, order.id, body.status === 1, now);
    if (!updated) throw new Error(msg.internal);
    const { reservations: _lines, ...row } = deliveryWire(updated, []);
    change('order', updated.id, 'put', row);
    publish('changeStatusPay', { deliveryId: updated.id, status: body.status });
    return { success: true };
  });
}
