import { CARD_CHECKOUT_MS } from '../constants.ts';
import type { OrderRow } from '../entities.ts';
import { MINUTE_MS } from './rome-time.ts';
import { isDeliveryOrder } from './tickets.ts';

/**
 * Card checkouts (spec 4 "Customer order flow": the card send stores the order with its payment
 * intent, then the customer pays in the card dialog). Until the payment succeeds the order is a
 * checkout in progress, not an order for the owner to decide: it is not counted among the
 * pending deliveries, does not ring and cannot be accepted or rejected. The server marks it with
 * `checkoutUntil`, the instant it is canceled unless paid (CARD_CHECKOUT_MS after the send).
 */

/** A card order whose payment has not succeeded yet. */
export function isCardCheckout(order: Pick<OrderRow, 'checkoutUntil'>): boolean {
  return order.checkoutUntil != null;
}

/**
 * A delivery or pickup awaiting the owner's decision (spec 4: accettato 0): what the delivery
 * button counts and the desk lists under 'Da accettare'. A card checkout is not one yet.
 */
export function awaitsDecision(
  order: Pick<OrderRow, 'deliveryId' | 'tipo' | 'accettato' | 'checkoutUntil'>,
): boolean {
  return isDeliveryOrder(order) && order.accettato === 0 && !isCardCheckout(order);
}

/** The most minutes a checkout can have left: its whole time (CARD_CHECKOUT_MS). */
const CHECKOUT_MINUTES = Math.ceil(CARD_CHECKOUT_MS / MINUTE_MS);

/**
 * Whole minutes a checkout has left at `now` (epoch ms), rounded up, so '1' until its last
 * second; 0 once its time is up (the server cancels it at its next pass). Never more than a
 * checkout's whole time: a device whose estimate of the server's clock lags by a second would
 * otherwise read 16 of 15 minutes the moment it appears. Null for any order that is not a
 * checkout.
 */
export function checkoutMinutesLeft(order: Pick<OrderRow, 'checkoutUntil'>, now: number): number | null {
  if (order.checkoutUntil == null) return null;
  const until = Date.parse(order.checkoutUntil);
  if (!Number.isFinite(until)) return 0;
  return Math.min(CHECKOUT_MINUTES, Math.max(0, Math.ceil((until - now) / MINUTE_MS)));
}
