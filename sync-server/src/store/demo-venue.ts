import { asc, eq } from 'drizzle-orm';
import { type Db, first } from '../db/client.ts';
import { diningTables, users, variantOptions, variants, venues } from '../db/schema.ts';

/*
 * The demo venue (COMANDA_DEMO=1, demo/demo-seed.ts): finding it again on a later start, and the
 * rows of its menu that no menu call writes one at a time (variants and options, which the
 * menu's own writes replace as a whole: menu.ts `saveVariants`). Its account, venue, rooms,
 * tables, categories and dishes go through the same writes as everyone's (accounts.ts, venue.ts,
 * rooms.ts, menu.ts).
 */

export type NewVariant = typeof variants.$inferInsert;
export type NewVariantOption = typeof variantOptions.$inferInsert;

/** The venue of the owner account with this address, undefined when there is none. */
export async function venueOfAccountEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await first(
    db
      .select({ venueId: venues.id })
      .from(users)
      .innerJoin(venues, eq(venues.ownerUserId, users.id))
      .where(eq(users.email, email))
      .limit(1),
  );
  return row?.venueId;
}

/** The id of the venue's lowest-numbered table, undefined when it has none. */
export async function firstTableId(db: Db, venueId: string): Promise<string | undefined> {
  const row = await first(
    db
      .select({ id: diningTables.id })
      .from(diningTables)
      .where(eq(diningTables.venueId, venueId))
      .orderBy(asc(diningTables.number))
      .limit(1),
  );
  return row?.id;
}

/** Whether any venue exists (the demo is seeded on an empty database only). */
export async function anyVenue(db: Db): Promise<boolean> {
  return (await first(db.select({ id: venues.id }).from(venues).limit(1))) !== undefined;
}

export async function insertVariant(db: Db, row: NewVariant): Promise<void> {
  await db.insert(variants).values(row);
}

export async function insertVariantOption(db: Db, row: NewVariantOption): Promise<void> {
  await db.insert(variantOptions).values(row);
}
