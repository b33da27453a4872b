import { z } from 'zod';
import { Cents, defineCall, Id, ok } from '../contract.ts';
import { OrderCart, Tipo } from '../entities.ts';

/**
 * Spec 7 "Payment" (Stripe, Connect account per venue, country IT). The server never trusts a
 * client amount: it recomputes the order total from `cart` and the card fee of spec 9, and
 * refuses with PAYMENT_ERROR when the client's totalAmount/netAmount disagree.
 */
export const paymentCalls = {
  /**
   * Spec body {accountId, totalAmount, netAmount}, in cents: netAmount is the order (plus the
   * delivery fee), totalAmount what the card pays (net plus the card fee). accountId is the
   * client's view of the venue's account; the server uses the one it stores. Added so the
   * server can recompute: ownerId, cart, tipo.
   */
  createPaymentIntent: defineCall({
    method: 'POST',
    path: '/api/stripe/create-payment-intent',
    access: 'user',
    body: z.object({
      accountId: z.string().max(255).optional(),
      totalAmount: Cents,
      netAmount: Cents,
      ownerId: Id,
      cart: OrderCart,
      tipo: Tipo,
    }),
    response: ok({ clientSecret: z.string().min(1), paymentIntentId: z.string().min(1) }),
  }),
  /** Refund before rejecting a paid delivery; afterwards the delivery is removed and rejected. */
  refundStripe: defineCall({
    method: 'POST',
    path: '/api/stripe/refund-stripe',
    access: 'owner',
    mutation: true,
    body: z.object({
      paymentIntentId: z.string().min(1).max(255),
      accountIdPayment: z.string().max(255).optional(),
      /** Added: the delivery being rejected, so a replayed refund is recognised. */
      deliveryId: Id.optional(),
    }),
    response: ok({ refundId: z.string().nullable() }),
  }),
  /** Added: the publishable key; null when card payments are not configured (choice hidden). */
  stripeConfig: defineCall({
    method: 'GET',
    path: '/api/stripe/config',
    access: 'public',
    body: z.object({}),
    response: ok({ publishableKey: z.string().nullable(), country: z.literal('IT') }),
  }),
} as const;
