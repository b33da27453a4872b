import { z } from 'zod';
import { Cents, defineCall, emptyBody, Id, ok } from '../contract.ts';
import { OrderCart, TableOrder } from '../entities.ts';
import { ClientGeneratedId, Flag, SocketId } from '../fields.ts';
import { DeliveryOrderFields } from './ordering-menu.ts';

/**
 * Spec 7 "Payment" (Stripe, a Connect account per venue, direct charges on it, country IT).
 *
 * Flow (spec 4 "Customer order flow": summary, then a direct send for cassa or a payment intent
 * for carta, then the card dialog, then the success route):
 * 1. `GET /api/stripe/config?ownerId=` says whether the venue offers carta and with which keys.
 * 2. carta: `create-payment-intent` with the delivery form and cart. The server stores the
 *    order (every check of orderDelivery, slot claimed, accettato 0, unpaid) and creates the
 *    PaymentIntent for the amount of the order it stored: lines and delivery fee from its own
 *    menu and settings, plus the card fee of spec 9. Client amounts are ignored.
 * 3. Stripe.js confirms with `clientSecret` on `accountId`, return_url
 *    `/user/deliverySuccessPayment/{ownerId}`, billing country IT.
 * 4. The success page calls `payment-status` (the webhook does the same): paid is recorded once,
 *    with the 'order' change and live `changeStatusPay`.
 * Until it is paid the order is a checkout (`checkoutUntil`, rules/card-checkout.ts): the owner's
 * devices hold it apart, uncounted and silent, and no decision is taken on it. Paid, it reaches
 * the owner as a new order does (live `order`, `updateCountDelivery`), once. Unpaid after
 * CARD_CHECKOUT_MS, the server cancels its intent and drops it (its slot freed, `removeDelivery`).
 */

/** A Stripe PaymentIntent id as the SDK gives it. */
export const PaymentIntentId = z
  .string()
  .min(4)
  .max(255)
  .regex(/^pi_[A-Za-z0-9_]+$/);

/** A Stripe connected account id (Connect). */
export const StripeAccountId = z
  .string()
  .trim()
  .max(255)
  .regex(/^acct_[A-Za-z0-9]+$/);

/** What the card pays, in cents: `net` (lines + delivery fee), the card fee, their sum. */
export const CardAmounts = z.object({ netAmount: Cents, serviceFee: Cents, totalAmount: Cents });
export type CardAmounts = z.infer<typeof CardAmounts>;

/**
 * The card payment's state as the customer's success page needs it: 'paid' (done: clear the
 * cart), 'processing' (the bank has not answered yet: ask again shortly), 'unpaid' (not
 * completed or refused by the bank: the payment dialog again, same clientSecret), 'canceled'
 * (the order was rejected or removed before it was paid), 'expired' (not paid within
 * CARD_CHECKOUT_MS: the intent was canceled, the order and its slot dropped; a payment that
 * still went through is refunded).
 */
export const CardPaymentStatus = z.enum(['paid', 'processing', 'unpaid', 'canceled', 'expired']);
export type CardPaymentStatus = z.infer<typeof CardPaymentStatus>;

export const paymentCalls = {
  /**
   * The card send of a delivery or pickup. Body: orderDelivery's (form fields, cart, ownerId,
   * socketId, costoConsegna) with `deliveryId` required (a client UUID, one per send: a resend
   * with it answers the same order and the same PaymentIntent), plus the spec's
   * {accountId, totalAmount, netAmount}, accepted and ignored. Send an `Idempotency-Key` too.
   * Refusals (nothing stored): orderDelivery's (business_id_error, DELIVERY_DISABLED,
   * VENUE_CLOSED, CITY_NOT_SERVED, FEE_CHANGED, dish_error, SLOT_TAKEN, VALIDATION); VALIDATION
   * `t.cardPaymentUnavailable` (no keys on the server or no account for the venue) or
   * `t.cardAmountTooLow`; CONFLICT (deliveryId of another order or of a cassa order, order
   * closed, prices changed meanwhile; `t.checkoutExpired`: a resend of a checkout that expired,
   * send again as a new order); PAYMENT_ERROR 502 (Stripe unreachable: retry).
   * Answer: the PaymentIntent (`clientSecret`, `paymentIntentId`) on `accountId`, the amounts,
   * and `table`, the order as stored (`statusPay` 1 when a resend finds it already paid).
   */
  createPaymentIntent: defineCall({
    method: 'POST',
    path: '/api/stripe/create-payment-intent',
    access: 'user',
    body: DeliveryOrderFields.safeExtend({
      cart: OrderCart,
      ownerId: Id,
      socketId: SocketId,
      deliveryId: ClientGeneratedId,
      costoConsegna: Cents.optional(),
      accountId: z.string().max(255).optional(),
      totalAmount: Cents.optional(),
      netAmount: Cents.optional(),
    }),
    response: ok({
      clientSecret: z.string().min(1),
      paymentIntentId: PaymentIntentId,
      accountId: StripeAccountId,
      deliveryId: Id,
      amounts: CardAmounts,
      table: TableOrder,
    }),
  }),
  /**
   * Added: the success page's check (return_url `?payment_intent=pi_...`). The server asks
   * Stripe and records a succeeded payment (idempotent with the webhook: the first one writes
   * the 'order' change and `changeStatusPay`, the others change nothing). NOT_FOUND when no
   * order of that venue has this intent; PAYMENT_ERROR 502 when Stripe is unreachable.
   */
  paymentStatus: defineCall({
    method: 'POST',
    path: '/api/stripe/payment-status',
    access: 'user',
    body: z.object({ ownerId: Id, paymentIntentId: PaymentIntentId, socketId: SocketId }),
    response: ok({ deliveryId: Id, statusPay: Flag, paymentStatus: CardPaymentStatus }),
  }),
  /**
   * Refund before rejecting a paid delivery (spec: "afterwards the delivery is removed and the
   * order rejected"); `deliveryReject` also refunds first by itself and finds the refund this
   * call made, so calling both refunds once. An intent not yet paid is canceled instead
   * (refundId null). NOT_FOUND: no order of the owner's venue has this intent (or `deliveryId`
   * names another); CONFLICT with the reason when Stripe refuses; PAYMENT_ERROR 502 when it is
   * unreachable (the outbox retries).
   */
  refundStripe: defineCall({
    method: 'POST',
    path: '/api/stripe/refund-stripe',
    access: 'owner',
    mutation: true,
    body: z.object({
      paymentIntentId: PaymentIntentId,
      accountIdPayment: z.string().max(255).optional(),
      /** Added: the delivery being rejected. */
      deliveryId: Id.optional(),
    }),
    response: ok({ refundId: z.string().nullable() }),
  }),
  /**
   * Added: whether this venue offers carta (server keys and the venue's account both set), the
   * publishable key and the account Stripe.js must be loaded with (`stripeAccount`), and the
   * billing country the confirm step sends. Keys and account are null when carta is not offered.
   */
  stripeConfig: defineCall({
    method: 'GET',
    path: '/api/stripe/config',
    access: 'public',
    body: z.object({ ownerId: Id }),
    response: ok({
      cardPayments: z.boolean(),
      publishableKey: z.string().nullable(),
      accountId: z.string().nullable(),
      country: z.literal('IT'),
    }),
  }),
  /**
   * Added: the owner's Stripe connected account (owner profile). `keysConfigured`: the server
   * has its Stripe keys; `cardPayments`: customers are offered carta.
   */
  stripeAccountGet: defineCall({
    method: 'POST',
    path: '/api/owner/stripeAccount/get',
    access: 'owner',
    body: emptyBody,
    response: ok({
      stripeAccountId: z.string().nullable(),
      keysConfigured: z.boolean(),
      cardPayments: z.boolean(),
    }),
  }),
  /**
   * Added: sets (or with null clears) the venue's connected account. Checked with Stripe: it must
   * exist and be Italian (VALIDATION `t.stripeAccountNotFound` / `t.stripeAccountNotItalian`);
   * VALIDATION `t.cardPaymentUnavailable` when the server has no keys; PAYMENT_ERROR 502 when
   * Stripe is unreachable. Orders already paid keep the account they were paid on.
   */
  stripeAccountSet: defineCall({
    method: 'POST',
    path: '/api/owner/stripeAccount/set',
    access: 'owner',
    mutation: true,
    body: z.object({ stripeAccountId: StripeAccountId.nullable() }).strict(),
    response: ok({ stripeAccountId: z.string().nullable(), cardPayments: z.boolean() }),
  }),
} as const;
