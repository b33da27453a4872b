import { and, eq, ne } from 'drizzle-orm';
import { type Db, first } from '../db/client.ts';
import { type VenueRecord, venues } from '../db/schema.ts';

/*
 * A venue's Stripe connected account (spec 2.11, 7 "Payment"): Connect, direct charges on it.
 * Stored on the venue's row; one account belongs to one venue only.
 */

/** Another venue than `venueId` holding this connected account, undefined when none. */
export async function stripeAccountHolder(
  db: Db,
  stripeAccountId: string,
  venueId: string,
): Promise<{ id: string } | undefined> {
  return await first(
    db
      .select({ id: venues.id })
      .from(venues)
      .where(and(eq(venues.stripeAccountId, stripeAccountId), ne(venues.id, venueId)))
      .limit(1),
  );
}

/** Sets (or, with null, removes) the venue's account: the venue as it now is, undefined when none. */
export async function setStripeAccount(
  db: Db,
  venueId: string,
  stripeAccountId: string | null,
): Promise<VenueRecord | undefined> {
  return await first(db.update(venues).set({ stripeAccountId }).where(eq(venues.id, venueId)).returning());
}
