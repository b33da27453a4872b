import { and, eq, ne } from 'drizzle-orm';
import { type Db, first } from '../db/client.ts';
import { type BusinessRecord, businesses } from '../db/schema.ts';

/*
 * A venue's Stripe connected account (spec 2.11, 7 "Payment"): Connect, direct charges on it.
 * Stored on the venue's row; one account belongs to one venue only.
 */

/** Another venue than `businessId` holding this connected account, undefined when none. */
export async function stripeAccountHolder(
  db: Db,
  stripeAccountId: string,
  businessId: string,
): Promise<{ id: string } | undefined> {
  return await first(
    db
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(eq(businesses.stripeAccountId, stripeAccountId), ne(businesses.id, businessId)))
      .limit(1),
  );
}

/** Sets (or, with null, removes) the venue's account: the venue as it now is, undefined when none. */
export async function setStripeAccount(
  db: Db,
  businessId: string,
  stripeAccountId: string | null,
): Promise<BusinessRecord | undefined> {
  return await first(
    db.update(businesses).set({ stripeAccountId }).where(eq(businesses.id, businessId)).returning(),
  );
}
