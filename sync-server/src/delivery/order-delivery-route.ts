import {
  AppError,
  CARD_CHECKOUT_MS,
  type CallDef,
  calls,
  type KitchenArea,
  orderBill,
  type ParsedBody,
  servedCity,
  t,
} from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import type { CardPaymentsOptions } from '../card-payments.ts';
import { randomId } from '../lib/ids.ts';
import { msg } from '../lib/messages.ts';
import { queueMail } from '../mail/outbox.ts';
import { refuseOverCeilings } from '../store/ceilings.ts';
import { deliveryStatements } from '../store/deliveries.ts';
import { insertLines } from '../store/order-statements.ts';
import { allLines, deliveryWire, lineRecords } from '../store/orders.ts';
import { applyPayStatus } from '../store/payment-status.ts';
import { priceCart } from '../store/price-cart.ts';
import { requireVenue, type VenueRecord, venueIsClosed } from '../store/venue.ts';
import { type MutationContext, mutationRoute } from '../sync/mutation-route.ts';
import { deliveryAcceptedMail } from './mail.ts';
import { decidePayment, type PaymentDecision } from './payment.ts';
import { refuseSender, senderAddress } from './senders.ts';
import { asapPlan, isFullAt, windowSlots } from './slot-plan.ts';
import { publishCount, recordPut } from './writes.ts';

/**
 * A customer's delivery goes through the sync core like the table order (one transaction with
 * the change log, events after commit, `Idempotency-Key` replays) without being an outbox call:
 * the flag is set here only, as ordering/order-route.ts does.
 */
const userOrderDelivery = { ...calls.userOrderDelivery, mutation: true } as const satisfies CallDef;

/**
 * What storing a delivery reads of a send: orderDelivery's body, or create-payment-intent's (the
 * card send), which stores the order through `storeDelivery` too.
 */
export type DeliverySend = Omit<ParsedBody<(typeof calls)['userOrderDelivery']>, 'paymentIntentId'>;
export type StoreContext = Omit<MutationContext<CallDef>, 'body'> & { body: DeliverySend };
type Ctx = StoreContext;

/**
 * The slot the order gets, or SLOT_TAKEN / VENUE_CLOSED: the send-time checks of spec 5, read
 * inside the write transaction, so the place found free is still free at the insert.
 */
async function chooseSlot(ctx: Ctx, venue: VenueRecord, byOwner: boolean, areas: KitchenArea[]) {
  const { body, db, now } = ctx;
  const window = windowSlots(venue, now, !byOwner);
  if (window.closed) throw new AppError('VENUE_CLOSED', t.deliveryClosedToday);
  const slotDate = window.serviceDate;
  if (body.primaPossibile === true) {
    const { asap } = await asapPlan(db, venue, now, !byOwner, areas);
    if (!asap) throw new AppError('SLOT_TAKEN', t.asapNoLongerOffered);
    return { orario: asap[0], slotDate };
  }
  const orario = body.orario ?? '';
  // Not a slot of the window from now on: past, off hours, off the quarter-hour grid.
  if (!window.free.includes(orario)) throw new AppError('SLOT_TAKEN', t.slotNoLongerOffered);
  if (await isFullAt(db, venue, slotDate, orario, areas)) throw new AppError('SLOT_TAKEN', t.slotTakenTitle);
  return { orario, slotDate };
}

/**
 * A resend naming a deliveryId already stored: that order's answer, nothing written, except that
 * a card send must name the order's own payment intent, and a confirmed payment (the success
 * page resending its dataClient) marks the order paid once. Only the account that sent it gets
 * that answer (DESIGN.md "Abuse"): anyone else gets the refusal another venue's id gets, which
 * says nothing of the order (its customer's name, phone, e-mail and address).
 */
async function alreadyStored(ctx: Ctx, venue: VenueRecord, payment: PaymentDecision) {
  const { body, db, user } = ctx;
  if (body.deliveryId === undefined) return null;
  let existing = await deliveryStatements(db).orderById.get({ id: body.deliveryId });
  if (!existing) return null;
  if (existing.venueId !== venue.id || existing.kind === 'table' || existing.placedBy !== user.user.id) {
    throw new AppError('CONFLICT', t.deliveryIdTaken);
  }
  if (payment.paymentIntentId !== null && existing.paymentIntentId !== payment.paymentIntentId) {
    throw new AppError('CONFLICT', t.cardDeliveryIdTaken);
  }
  if (payment.paid) existing = await applyPayStatus(ctx, existing, 1);
  return {
    success: true as const,
    deliveryId: existing.id,
    table: deliveryWire(existing, await allLines(db, existing)),
  };
}

/**
 * Stores a delivery or pickup (every send-time check inside the transaction) and publishes it;
 * a card send's order is stored as a checkout, published to the owner only once paid.
 */
export async function storeDelivery(ctx: Ctx, payment: PaymentDecision) {
  const { body, db, now, user, publish, afterCommit } = ctx;
  const venue = await requireVenue(db, body.ownerId);
  const ownerHere = user.user.role === 'owner' && user.venueId === venue.id;
  if (body.isOwner && !ownerHere) throw new AppError('FORBIDDEN', msg.forbidden);
  const byOwner = body.isOwner === true;

  const stored = await alreadyStored(ctx, venue, payment);
  if (stored) return stored;
  // A payment is always made for an order create-payment-intent stored first: never a new one.
  if (payment.paid) throw new AppError('CONFLICT', t.paymentDoesNotMatch);

  // The 'Ops! Il gestore ha appena disabilitato la consegna' dialog; the owner's phone orders pass.
  if (!byOwner && !venue.abilitaConsegna) throw new AppError('DELIVERY_DISABLED', t.deliveryDisabledTitle);
  if (venueIsClosed(venue, now)) throw new AppError('VENUE_CLOSED', t.venueClosed);
  const consegna = body.tipo === 'Consegna';
  const comune = consegna ? servedCity(venue.deliveryCities, body.comune ?? '') : undefined;
  if (consegna && comune === undefined) {
    throw new AppError('CITY_NOT_SERVED', t.cityNotServed, {
      issues: [{ path: 'comune', message: t.cityNotServed }],
    });
  }
  // The fee is the venue's; one the customer did not see is never charged.
  const fee = consegna ? venue.costoConsegna : 0;
  if (body.costoConsegna !== undefined && body.costoConsegna !== fee) {
    throw new AppError('FEE_CHANGED', t.deliveryFeeChanged);
  }
  const priced = await priceCart(db, venue.id, body.cart, byOwner);
  await refuseOverCeilings(db, priced, null, byOwner ? 'owner' : 'customer', fee);
  // Spec 9: the card fee on what the order costs (lines and delivery fee), customers by card only.
  const bill = orderBill(
    { tipo: body.tipo, costoConsegna: fee, card: payment.paymentMethod === 'carta' },
    priced,
  );
  const serviceFee = bill.serviceFee;
  // The intent was made for this very order: a menu price changed since is refused, not charged.
  if (payment.chargedTotal !== null && payment.chargedTotal !== bill.total) {
    throw new AppError('CONFLICT', t.cardPricesChanged);
  }
  const areas = [...new Set(priced.map((line) => line.selectedOption))];
  const slot = await chooseSlot(ctx, venue, byOwner, areas);
  // Last, once the order would be stored: a blocked sender, or one holding too many orders that
  // await the owner, is refused (DESIGN.md "Abuse"); the owner's phone orders never are.
  const sender = { userId: user.user.id, address: senderAddress(ctx.req.ip) };
  if (!byOwner) await refuseSender(db, venue.id, sender, now, ctx.req.server.config.deliveryPending);

  // The card send (create-payment-intent) stores a checkout: no decision until it is paid, and
  // canceled with its slot freed unless paid in time (payments/checkout-expiry.ts).
  const checkout = payment.paymentMethod === 'carta' && !payment.paid;
  // A customer's own account address when the form left it empty (guests have none).
  const email = body.email || (user.user.role === 'user' ? user.user.email : null) || null;
  const order = await deliveryStatements(db).insertDelivery.get({
    id: body.deliveryId ?? randomId(),
    venueId: venue.id,
    kind: consegna ? 'consegna' : 'ritiro',
    nome: body.nome,
    cognome: body.cognome || null,
    telefono: body.telefono || null,
    email,
    indirizzo: consegna ? body.indirizzo || null : null,
    comune: comune ?? null,
    noteConsegna: body.noteConsegna || null,
    orario: slot.orario,
    slotDate: slot.slotDate,
    primaPossibile: body.primaPossibile === true,
    // The owner's phone order needs no decision (spec 4: created awaiting it otherwise).
    accettato: byOwner,
    costoConsegna: fee,
    serviceFee,
    paymentMethod: payment.paymentMethod,
    paymentIntentId: payment.paymentIntentId,
    accountIdPayment: payment.accountIdPayment,
    statusPay: payment.paid,
    now,
    placedBy: sender.userId,
    placedFrom: sender.address,
    checkoutUntil: checkout ? now + CARD_CHECKOUT_MS : null,
  });
  if (!order) throw new Error('delivery insert returned no row');
  // A new order has no lines yet: they start at 1, and nothing below reads them back, so they are
  // written with the commit.
  const lines = lineRecords(order, priced, now, order.accettato, 0);
  ctx.withCommit(insertLines(db, lines));
  const entry = deliveryWire(order, lines);

  recordPut(ctx, entry);
  if (checkout) {
    // Spec 4: a card order reaches the owner once paid (store/payment-status.ts); until then the owner's
    // devices only learn that a checkout is under way: no `order`, no count, no ring.
    publish('cardCheckout', { deliveryId: order.id });
    return { success: true as const, deliveryId: order.id, table: entry };
  }
  publish('order', { table: entry });
  if (byOwner) {
    const mail = deliveryAcceptedMail(entry, venue.name);
    // In the transaction: a crash after the commit loses no mail (mail/outbox.ts).
    if (mail) {
      await queueMail(db, mail, now);
      afterCommit(() => ctx.req.server.mailer.wake());
    }
  } else await publishCount(ctx, venue.id);
  return { success: true as const, deliveryId: order.id, table: entry };
}

/**
 * `/api/reservation/user/orderDelivery` (spec 5 "Send-time checks"): every check and the
 * insert in the one write transaction of the sync core, so twenty customers racing for a slot's
 * last place cannot both get it (the venue's write lock, `port.writeVenue`, is held until
 * commit: the second reads the first's order). The payment is decided before it.
 */
export async function orderDeliveryRoute(
  app: FastifyInstance,
  { cards }: CardPaymentsOptions,
): Promise<void> {
  mutationRoute<typeof userOrderDelivery, PaymentDecision>(
    app,
    userOrderDelivery,
    (ctx) => decidePayment(app, cards, ctx.body, ctx.user.user.id),
    storeDelivery,
    { venueOf: ({ body }) => body.ownerId },
  );
}
