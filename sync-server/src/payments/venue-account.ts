import { AppError, calls, t } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import { msg } from '../lib/messages.ts';
import { setStripeAccount, stripeAccountHolder } from '../store/stripe-accounts.ts';
import { findVenue, requireVenue, type VenueRecord } from '../store/venue.ts';
import { mutationRoute } from '../sync/mutation-route.ts';
import {
  CARD_COUNTRY,
  cardPaymentsOffered,
  keysConfigured,
  requireStripe,
  stripeFailure,
} from './stripe-client.ts';

/** The venue's row, read as committed (never from inside a write: it takes the port's read). */
export function readVenue(app: FastifyInstance, venueId: string): Promise<VenueRecord | undefined> {
  return app.store.port.read((db) => findVenue(db, venueId));
}

/**
 * The venue's Stripe settings: what a customer's delivery page needs to offer carta, and the
 * owner's connected account (Connect, direct charges on it).
 */
export async function venueAccountRoutes(app: FastifyInstance): Promise<void> {
  /** `GET /api/stripe/config?ownerId=`: carta offered, and Stripe.js's key and account. */
  route(app, calls.stripeConfig, async ({ body }) => {
    const venue = await app.store.port.read((db) => requireVenue(db, body.ownerId));
    const offered = cardPaymentsOffered(app.config, venue);
    return {
      success: true,
      cardPayments: offered,
      publishableKey: offered ? (app.config.stripe.publishableKey ?? null) : null,
      accountId: offered ? venue.stripeAccountId : null,
      country: CARD_COUNTRY,
    };
  });

  route(app, calls.stripeAccountGet, async ({ venueId }) => {
    const venue = await readVenue(app, venueId);
    if (!venue) throw new AppError('business_id_error', msg.venueNotFound);
    return {
      success: true,
      stripeAccountId: venue.stripeAccountId,
      keysConfigured: keysConfigured(app.config),
      cardPayments: cardPaymentsOffered(app.config, venue),
    };
  });

  /**
   * Sets the account after asking Stripe that it exists and is Italian (spec 1: card payments
   * are restricted to IT). An outbox mutation; no change row: the account is not part of the
   * venue's offline copy (shared-schema BusinessRow has no field for it).
   */
  mutationRoute(
    app,
    calls.stripeAccountSet,
    async ({ body, req }) => {
      const id = body.stripeAccountId;
      if (id === null) return;
      const stripe = requireStripe(app);
      const account = await stripe.accounts.retrieve(id).catch((err: unknown) => {
        throw stripeFailure(
          req.log,
          err,
          { stripeAccountId: id },
          () =>
            new AppError('VALIDATION', t.stripeAccountNotFound, {
              issues: [{ path: 'stripeAccountId', message: t.stripeAccountNotFound }],
            }),
        );
      });
      if (account.country !== CARD_COUNTRY) {
        throw new AppError('VALIDATION', t.stripeAccountNotItalian, {
          issues: [{ path: 'stripeAccountId', message: t.stripeAccountNotItalian }],
        });
      }
    },
    async ({ body, db, venueId }) => {
      // Spec 2.11: one connected account per venue. Another venue's account would take this
      // venue's card payments, and its refunds would draw on that venue's Stripe balance.
      if (body.stripeAccountId !== null) {
        const holder = await stripeAccountHolder(db, body.stripeAccountId, venueId);
        if (holder) {
          throw new AppError('CONFLICT', t.stripeAccountTaken, {
            issues: [{ path: 'stripeAccountId', message: t.stripeAccountTaken }],
          });
        }
      }
      const row = await setStripeAccount(db, venueId, body.stripeAccountId);
      if (!row) throw new AppError('business_id_error', msg.venueNotFound);
      return {
        success: true,
        stripeAccountId: row.stripeAccountId,
        cardPayments: cardPaymentsOffered(app.config, row),
      };
    },
  );
}
