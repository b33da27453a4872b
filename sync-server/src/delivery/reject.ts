import { AppError, type CallDef, t } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import type { CardPayments } from '../card-payments.ts';
import { queueMail } from '../mail/outbox.ts';
import { allLines, closeOrder, deliveryWire, type OrderRecord, refuseIfNewLines } from '../store/orders.ts';
import { venueName } from '../store/venue.ts';
import type { MutationContext } from '../sync/mutation-route.ts';
import { deliveryRefundedMail } from './mail.ts';
import { type RefundOutcome, refundDelivery } from './payment.ts';
import { publishCount, refuseCheckout, requireDelivery, tellCustomer } from './writes.ts';

/**
 * Rejecting a pending delivery (spec 4 "Delivery order"), shared by `deliveryReject` and the
 * desk's 'Blocca mittente' (`deliveryBlockSender`), which rejects exactly the same way.
 */

/** What a rejection names: the order and the version the rejecting tablet had seen. */
export interface Rejection {
  deliveryId: string;
  seenVersion?: number | undefined;
}

/**
 * Before the transaction: refunded first when paid by card (spec 4: "a refund is requested
 * first"; re-checked inside the transaction). Refused before any money moves when the tablet has not seen the latest lines.
 */
export async function prepareRejection(
  app: FastifyInstance,
  cards: CardPayments,
  venueId: string,
  rejection: Rejection,
): Promise<RefundOutcome> {
  const order = await app.store.port.read(async (db) => {
    const order = await requireDelivery(db, venueId, rejection.deliveryId);
    const pending = order.closedAt === null && !order.accettato;
    if (!pending) return null;
    refuseCheckout(order);
    await refuseIfNewLines(db, order.id, rejection.seenVersion);
    return order;
  });
  if (!order) return { refundId: null };
  return refundDelivery(cards, order);
}

type RejectContext = Pick<
  MutationContext<CallDef>,
  'db' | 'now' | 'change' | 'publish' | 'afterCommit' | 'venueId'
>;

/**
 * Inside the transaction: the order closed without history, its rows deleted from every device,
 * `removeDelivery` and the new count. Refused when another tablet accepted it, or when lines
 * arrived after the version the rejecting tablet saw. An order already rejected is a no-op.
 * Answers the order as it was before. `scope` is the call's path (the unpaid record's key).
 */
export async function rejectDelivery(
  app: FastifyInstance,
  cards: CardPayments,
  ctx: RejectContext,
  rejection: Rejection,
  prepared: RefundOutcome,
  scope: string,
): Promise<OrderRecord> {
  const { db, venueId, now, change, publish, afterCommit } = ctx;
  const order = await requireDelivery(db, venueId, rejection.deliveryId);
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
      const input = { scope, key: null, paymentIntentId, venueId, status: 0 as const };
      cards
        .recordPayStatus(input)
        .catch((e: unknown) => app.log.error({ err: e, deliveryId: order.id }, 'unpaid not recorded'));
    });
    return err;
  };
  if (order.accettato) {
    const text = prepared.refundId === null ? t.deliveryAlreadyAccepted : t.refundedButAccepted;
    throw keptAfterRefund(new AppError('ALREADY_DECIDED', text));
  }
  if (order.closedAt !== null) return order;
  refuseCheckout(order);
  try {
    await refuseIfNewLines(db, order.id, rejection.seenVersion);
  } catch (err) {
    throw err instanceof AppError ? keptAfterRefund(err) : err;
  }
  const lines = await allLines(db, order);
  await closeOrder(db, order.id, now);
  change('order', order.id, 'delete');
  for (const line of lines) change('line', line.id, 'delete');
  publish('removeDelivery', { deliveryId: order.id });
  await publishCount(ctx, venueId);
  tellCustomer(ctx, order, 'rejected');
  if (prepared.refundId !== null) {
    // The customer is told by e-mail that the order was refused and refunded.
    const name = await venueName(db, venueId);
    const mail = deliveryRefundedMail(deliveryWire(order, lines), order.serviceFee, name ?? '');
    // In the transaction: a crash after the commit loses no mail (mail/outbox.ts).
    if (mail) {
      await queueMail(db, mail, now);
      afterCommit(() => app.mailer.wake());
    }
  }
  return order;
}
