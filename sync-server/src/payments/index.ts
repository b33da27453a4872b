import type { FastifyInstance } from 'fastify';
import { refundRoute } from './refund-route.ts';
import { statusRoute } from './status-route.ts';
import { venueAccountRoutes } from './venue-account.ts';
import { webhookRoute } from './webhook-route.ts';

/**
 * Card payments with Stripe (spec 1, 4 "Customer order flow", 7 "Payment", 9 card fee): the
 * venue's connected account and what the delivery page needs to offer carta, the success page's
 * check, the signed webhook, and the owner's refund. The card send is a delivery's
 * (delivery/intent-route.ts: the order stored, then its PaymentIntent); deliveries refund or
 * cancel through the same code before a rejection (delivery/payment.ts), and the dashboard asks
 * what Stripe kept at a completion: both through the `CardPayments` of card-service.ts, which
 * app.ts hands them (../card-payments.ts). A card order is a
 * checkout until paid; the sweep of checkout-expiry.ts (started with the app, app.ts) cancels
 * those left unpaid. The SDK talks to STRIPE_API_BASE when set (the fake in tests).
 */
export async function paymentsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(venueAccountRoutes);
  await app.register(statusRoute);
  await app.register(refundRoute);
  await app.register(webhookRoute);
}
