import type { AppError } from '@comanda/shared-schema';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { OrderRecord } from './store/orders.ts';
import type { CardSettlement } from './store/payment-status.ts';

/*
 * Card payments as the other features see them: the one way delivery and the dashboard talk to
 * Stripe. Only the type lives here, below the features; payments/ builds it
 * (payments/card-service.ts) and app.ts hands it to the plugins that need it as their `cards`
 * option, so no feature imports another.
 */

export type StripeError = InstanceType<typeof Stripe.errors.StripeError>;

/** The order fields a refund reads. */
export type RefundableOrder = Pick<OrderRecord, 'id' | 'venueId' | 'paymentIntentId' | 'accountIdPayment'>;

/** A payment status recorded outside an HTTP call of the venue (see `recordPayStatus`). */
export interface PayStatusInput {
  scope: string;
  key: string | null;
  paymentIntentId: string;
  venueId: string;
  status: 0 | 1;
}

export interface CardPayments {
  /** Card payments are in euro (spec 1). */
  readonly currency: string;
  /** Stripe's smallest euro charge (cents). */
  readonly minCharge: number;
  /** The app's Stripe client; without both server keys, the `cardUnavailable` refusal on `path`. */
  requireStripe(path?: string): Stripe;
  /** The refusal of a card call when carta is not offered, named on the field a send carries. */
  cardUnavailable(path?: string): AppError;
  /**
   * A failed Stripe call as the one error envelope: PAYMENT_ERROR when Stripe is unreachable or
   * failing on its side, `refusal` otherwise. Logged on `log` with `context`.
   */
  stripeFailure(
    log: FastifyBaseLogger,
    err: unknown,
    context: Record<string, unknown>,
    refusal: (err: StripeError) => AppError,
  ): AppError;
  /** Gives a delivery's card payment back, or cancels its intent when nothing was paid yet. */
  refundPayment(order: RefundableOrder): Promise<{ refundId: string | null }>;
  /** What Stripe kept of a card order's payment, asked at its completion; null for no card order. */
  settleCardOrder(order: OrderRecord): Promise<CardSettlement | null>;
  /** Records a payment status through the sync core, outside an HTTP call of the venue. */
  recordPayStatus(input: PayStatusInput): Promise<{ deliveryId: string; statusPay: 0 | 1 } | null>;
}

/** The option of every plugin that takes card payments. */
export interface CardPaymentsOptions {
  cards: CardPayments;
}
