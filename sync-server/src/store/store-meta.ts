import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Db, first } from '../db/client.ts';
import { storeMeta } from '../db/schema.ts';

/*
 * Facts about the database itself (sqlite-schema.ts `storeMeta`): its generation, part of every
 * device's sync cursor (DESIGN.md "Sync"). A restored copy has a generation of its own, so a
 * device whose cursor names another one reloads everything (store/backup and `npm run migrate --
 * --after-restore` give it).
 */

const GENERATION = 'generation';

/** The database's generation ('' for a database older than the migration that made it). */
export async function databaseGeneration(db: Db): Promise<string> {
  const row = await first(db.select().from(storeMeta).where(eq(storeMeta.key, GENERATION)).limit(1));
  return row?.value ?? '';
}

/** Gives the database a new generation: every device's cursor becomes another's. */
export async function renewGeneration(db: Db): Promise<string> {
  const value = randomBytes(16).toString('hex');
  await db
    .insert(storeMeta)
    .values({ key: GENERATION, value })
    .onConflictDoUpdate({ target: storeMeta.key, set: { value } });
  return value;
}
