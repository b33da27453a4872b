import type { FastifyInstance } from 'fastify';
import type { CardPayments } from '../card-payments.ts';
import { settleCardOrder } from './card-order.ts';
import { recordPayStatus } from './pay-status.ts';
import { refundPayment } from './refund.ts';
import { CURRENCY, cardUnavailable, MIN_CARD_CHARGE, requireStripe, stripeFailure } from './stripe-client.ts';

/**
 * The card payments other features use (card-payments.ts), bound to one app: made once by
 * app.ts and handed to the delivery and dashboard plugins. Each call reads the app's
 * configuration when made, exactly as the functions it wraps do.
 */
export function createCardPayments(app: FastifyInstance): CardPayments {
  return {
    currency: CURRENCY,
    minCharge: MIN_CARD_CHARGE,
    requireStripe: (path) => requireStripe(app, path),
    cardUnavailable,
    stripeFailure,
    refundPayment: (order) => refundPayment(app, order),
    settleCardOrder: (order) => settleCardOrder(app, order),
    recordPayStatus: (input) => recordPayStatus(app, input),
  };
}
