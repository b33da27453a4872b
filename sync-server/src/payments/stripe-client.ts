import { AppError, t } from '@comanda/shared-schema';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { Config } from '../config.ts';
import type { VenueRecord } from '../store/venue.ts';

/** Card payments are in euro, country IT (spec 1). */
export const CURRENCY = 'eur';
export const CARD_COUNTRY = 'IT';
/** Stripe's smallest euro charge (cents). */
export const MIN_CARD_CHARGE = 50;

/**
 * The real SDK, made once per configuration when first needed (nothing happens at import).
 * `STRIPE_API_BASE` points it at another origin through the SDK's host/port/protocol settings:
 * the fake on loopback in tests and e2e. Null without a secret key: card payments are off.
 */
const clients = new WeakMap<Config, Stripe | null>();

export function createStripe(config: Config['stripe']): Stripe | null {
  if (!config.secretKey) return null;
  const base = config.apiBase ? new URL(config.apiBase) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    ...(base
      ? { host: base.hostname, port: Number(base.port || (protocol === 'http' ? 80 : 443)), protocol }
      : {}),
    // A POST retried by the SDK carries an idempotency key (ours, or one the SDK makes for it).
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Comanda' },
  });
}

/** The app's Stripe client, or null when the server has no secret key. */
export function stripeOf(app: Pick<FastifyInstance, 'config'>): Stripe | null {
  let client = clients.get(app.config);
  if (client === undefined) {
    client = createStripe(app.config.stripe);
    clients.set(app.config, client);
  }
  return client;
}

/** Both keys on the server: the browser needs the publishable one to load Stripe.js. */
export function keysConfigured(config: Config): boolean {
  return Boolean(config.stripe.secretKey && config.stripe.publishableKey);
}

/** The venue offers carta: server keys and the venue's connected account. */
export function cardPaymentsOffered(config: Config, venue: Pick<VenueRecord, 'stripeAccountId'>): boolean {
  return keysConfigured(config) && Boolean(venue.stripeAccountId);
}

/** The refusal of a card call when carta is not offered, named on the field a send carries. */
export function cardUnavailable(path?: string): AppError {
  return new AppError(
    'VALIDATION',
    t.cardPaymentUnavailable,
    path ? { issues: [{ path, message: t.cardPaymentUnavailable }] } : {},
  );
}

export function requireStripe(app: Pick<FastifyInstance, 'config'>, path?: string): Stripe {
  const stripe = keysConfigured(app.config) ? stripeOf(app) : null;
  if (!stripe) throw cardUnavailable(path);
  return stripe;
}

export const isStripeError = (err: unknown): err is InstanceType<typeof Stripe.errors.StripeError> =>
  err instanceof Stripe.errors.StripeError;

/** Stripe could not be reached or failed on its side: worth retrying later. */
export function isTransient(err: InstanceType<typeof Stripe.errors.StripeError>): boolean {
  return (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError ||
    (err.statusCode ?? 0) >= 500
  );
}

/**
 * A failed Stripe call as the one error envelope. Unreachable or failing on Stripe's side:
 * PAYMENT_ERROR (502; a mutation's counter does not move, the client retries). Anything else is
 * `refusal` (a stored 4xx). Logged with what was being done, never with a client secret.
 */
export function stripeFailure(
  log: FastifyBaseLogger,
  err: unknown,
  context: Record<string, unknown>,
  refusal: (err: InstanceType<typeof Stripe.errors.StripeError>) => AppError,
): AppError {
  if (err instanceof AppError) return err;
  if (!isStripeError(err)) {
    log.error({ err, ...context }, 'stripe call failed');
    return new AppError('PAYMENT_ERROR', t.paymentServiceUnreachable);
  }
  const detail = {
    ...context,
    stripeType: err.type,
    stripeCode: err.code,
    status: err.statusCode,
    message: err.message,
  };
  if (isTransient(err)) {
    log.warn(detail, 'stripe unreachable or failing');
    return new AppError('PAYMENT_ERROR', t.paymentServiceUnreachable);
  }
  log.warn(detail, 'stripe refused');
  return refusal(err);
}
