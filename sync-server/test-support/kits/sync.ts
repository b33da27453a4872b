import { randomUUID } from 'node:crypto';
import { AppError, defineCall, ok } from '@comanda/shared-schema';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Db, first } from '../../src/db/client.ts';
import { clientMutations, venues } from '../../src/db/schema.ts';
import { quotaRefusal } from '../../src/lib/quota.ts';
import { venueWire } from '../../src/store/venue.ts';
import { mutationRoute } from '../../src/sync/mutation-route.ts';
import { runSql } from '../raw-sql.ts';
import type { TestApp } from '../test-app.ts';

/**
 * Test-only routes of the sync core and push tests: an owner mutation that renames the venue and
 * optionally fails in each way the core must handle, and a public (customer) mutation.
 */
export const rename = defineCall({
  method: 'POST',
  path: '/api/test/rename',
  access: 'owner',
  mutation: true,
  body: z.object({
    name: z.string().min(1).max(100),
    outcome: z
      .enum(['ok', 'refuse', 'crash', 'busy', 'refuse-early', 'quota', 'quota-early', 'along', 'along-fails'])
      .default('ok'),
    /** Extra change rows, to test paging. */
    extra: z.number().int().min(0).max(50).default(0),
    socketId: z.string().optional(),
  }),
  response: ok({ name: z.string() }),
});

export const publicOrder = defineCall({
  method: 'POST',
  path: '/api/test/public-order',
  access: 'public',
  mutation: true,
  body: z.object({ ownerId: z.string(), note: z.string().max(50) }),
  response: ok({ id: z.string() }),
});

/** Registers both; `rename` is pushable as 'testRename'. */
export function registerTestRoutes(app: FastifyInstance): void {
  mutationRoute(
    app,
    rename,
    async ({ body }) => {
      if (body.outcome === 'refuse-early') throw new AppError('INVALID_NAME', 'Nome vuoto o troppo lungo');
      if (body.outcome === 'quota-early') throw quotaRefusal('Troppe richieste');
      return body.name.toUpperCase();
    },
    async ({ body, db, venueId, change, publish, withCommit }, upper) => {
      const row = await first(
        db.update(venues).set({ name: body.name }).where(eq(venues.id, venueId)).returning(),
      );
      if (!row) throw new Error('no venue');
      // A write sent with the commit, not waited for: the closing message; one that fails (a
      // NULL name) fails the whole mutation.
      if (body.outcome === 'along')
        withCommit(
          Promise.resolve(
            db.update(venues).set({ messaggioChiusura: 'Chiuso' }).where(eq(venues.id, venueId)),
          ),
        );
      if (body.outcome === 'along-fails')
        withCommit(Promise.resolve(db.update(venues).set({ name: sql`NULL` }).where(eq(venues.id, venueId))));
      change('business', venueId, 'put', await venueWire(db, row));
      for (let i = 0; i < body.extra; i++) change('thing', `t${i}`, i % 2 ? 'delete' : 'put', { i });
      publish('updateRoom', {});
      if (body.outcome === 'refuse') throw new AppError('CONFLICT', 'Rifiutato');
      if (body.outcome === 'quota') throw quotaRefusal('Troppe richieste');
      if (body.outcome === 'crash') throw new Error('boom');
      if (body.outcome === 'busy')
        throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      return { success: true, name: upper };
    },
    { pushName: 'testRename' },
  );
  mutationRoute(
    app,
    publicOrder,
    ({ body, change }) => {
      const id = randomUUID();
      change('testOrder', id, 'put', { id, note: body.note });
      return { success: true, id };
    },
    { venueOf: ({ body }) => body.ownerId },
  );
}

/** The venue's name as stored (what the rename mutation changed, or not). */
export async function storedVenueName(db: Db, venueId: string): Promise<string | undefined> {
  const row = await first(db.select({ name: venues.name }).from(venues).where(eq(venues.id, venueId)));
  return row?.name;
}

/** The venue's closing message as stored ('along' writes it with the commit). */
export async function storedClosingMessage(db: Db, venueId: string): Promise<string | null | undefined> {
  const row = await first(
    db.select({ message: venues.messaggioChiusura }).from(venues).where(eq(venues.id, venueId)),
  );
  return row?.message;
}

/** The last mutation id the server counted for a client (0: none yet). */
export async function lastMutationOf(db: Db, clientId: string): Promise<number> {
  const row = await first(db.select().from(clientMutations).where(eq(clientMutations.clientId, clientId)));
  return row?.lastMutationId ?? 0;
}

/** Makes every update of a client's mutation counter fail (a database in trouble), on either store. */
export async function blockCounterUpdates(t: TestApp): Promise<void> {
  if (t.app.store.dialect === 'postgres') {
    await runSql(
      t.app,
      sql.raw(`CREATE FUNCTION test_counter_fails() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION 'the disk is full'; END $$ LANGUAGE plpgsql`),
    );
    await runSql(
      t.app,
      sql.raw(`CREATE TRIGGER test_counter_fails BEFORE UPDATE ON client_mutations
        FOR EACH ROW EXECUTE FUNCTION test_counter_fails()`),
    );
    return;
  }
  await runSql(
    t.app,
    sql.raw(`CREATE TRIGGER test_counter_fails BEFORE UPDATE ON client_mutations
      BEGIN SELECT RAISE(ABORT, 'the disk is full'); END`),
  );
}

export async function unblockCounterUpdates(t: TestApp): Promise<void> {
  if (t.app.store.dialect !== 'postgres') return runSql(t.app, sql.raw('DROP TRIGGER test_counter_fails'));
  await runSql(t.app, sql.raw('DROP TRIGGER test_counter_fails ON client_mutations'));
  await runSql(t.app, sql.raw('DROP FUNCTION test_counter_fails()'));
}
