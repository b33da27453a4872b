import { AppError, defineCall } from '@comanda/shared-schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { isExpiredCheckout, orderOfIntent } from '../store/payment-status.ts';
import { refundLatePayment } from './checkout-expiry.ts';
import { recordPayStatus } from './pay-status.ts';
import { stripeOf } from './stripe-client.ts';

const WEBHOOK_PATH = '/api/stripe/webhook';

/**
 * Stripe's call, not the browser's (so not in shared-schema's `calls`): listed among the app's
 * calls only so the bad-bodies test walks it. Its body is Stripe's event, read raw.
 */
const stripeWebhook = defineCall({
  method: 'POST',
  path: WEBHOOK_PATH,
  access: 'public',
  body: z.object({}).loose(),
  response: z.object({ received: z.literal(true) }),
});

const unverified = () => new AppError('VALIDATION', 'Firma del webhook Stripe assente o non valida');

/**
 * A signed event about one of our intents: the delivery's payment status through the sync core
 * (change row, `changeStatusPay`; a card checkout paid reaches the owner as a new order),
 * keyed by the event id, so Stripe's retries of an event answer its stored answer, and once paid
 * a later event, the success page or a resend change nothing. A payment for a checkout that
 * already expired is refunded (checkout-expiry.ts).
 */
async function handleEvent(app: FastifyInstance, req: FastifyRequest, event: Stripe.Event): Promise<void> {
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') return;
  const intent = event.data.object;
  const context = { eventId: event.id, type: event.type, paymentIntentId: intent.id };
  const order = await app.store.port.read((db) => orderOfIntent(db, intent.id));
  const account = order?.accountIdPayment ?? null;
  if (!order || intent.metadata?.deliveryId !== order.id || (event.account && event.account !== account)) {
    req.log.info(context, 'stripe event for no order of ours: ignored');
    return;
  }
  if (isExpiredCheckout(order)) {
    // Paid after its checkout expired: refunded (a failure answers 5xx, so Stripe sends it again).
    if (event.type === 'payment_intent.succeeded') await refundLatePayment(app, order);
    req.log.info(context, 'stripe event for an expired checkout');
    return;
  }
  let status: 0 | 1 = 1;
  if (event.type === 'payment_intent.payment_failed') {
    // Events may arrive out of order (a declined first try after the paid second one): the
    // intent as Stripe holds it now decides, and only a payment not made is recorded unpaid.
    const now = await stripeOf(app)
      ?.paymentIntents.retrieve(intent.id, {}, account ? { stripeAccount: account } : {})
      .catch((err: unknown) => {
        req.log.warn({ ...context, err }, 'stripe unreachable: failed payment not re-checked');
        return null;
      });
    if (!now || now.status === 'succeeded') return;
    status = 0;
  }
  const result = await recordPayStatus(app, {
    scope: WEBHOOK_PATH,
    key: event.id,
    paymentIntentId: intent.id,
    venueId: order.venueId,
    status,
  });
  req.log.info({ ...context, deliveryId: order.id, statusPay: result?.statusPay }, 'stripe event recorded');
}

/**
 * `POST /api/stripe/webhook` (a Connect endpoint: events of the venues' accounts). The raw body
 * is checked against `Stripe-Signature` with STRIPE_WEBHOOK_SECRET before anything is read;
 * unsigned, wrongly signed, stale or unconfigured: 400 and nothing changes.
 */
export async function webhookRoute(app: FastifyInstance): Promise<void> {
  app.registeredCalls.push(stripeWebhook);
  await app.register(async (scope) => {
    // Only this scope reads JSON as bytes: the signature is over the body exactly as sent.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
      done(null, body);
    });
    scope.post(WEBHOOK_PATH, async (req: FastifyRequest, reply: FastifyReply) => {
      const secret = app.config.stripe.webhookSecret;
      const stripe = stripeOf(app);
      const signature = req.headers['stripe-signature'];
      if (!secret || !stripe || typeof signature !== 'string' || !Buffer.isBuffer(req.body))
        throw unverified();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(req.body, signature, secret);
      } catch (err) {
        req.log.warn({ err: (err as Error).message }, 'stripe webhook refused: bad signature');
        throw unverified();
      }
      await handleEvent(app, req, event);
      return reply.send({ received: true });
    });
  });
}
