import { and, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { type Db, perDb } from '../db/client.ts';
import { clientMutations, idempotency, mutationAnswers, venues } from '../db/schema.ts';

const p = sql.placeholder;

/**
 * The sync log's per-client half (DESIGN.md rules 2 and 3): each client's last mutation id and
 * its stored answers, and the Idempotency-Key answers of header-less callers. Run by every
 * mutation: prepared once per connection.
 */
export const syncStatements = perDb((db: Db) => ({
  client: db
    .select()
    .from(clientMutations)
    .where(eq(clientMutations.clientId, p('clientId')))
    .prepare(),
  answer: db
    .select()
    .from(mutationAnswers)
    .where(and(eq(mutationAnswers.clientId, p('clientId')), eq(mutationAnswers.mutationId, p('mutationId'))))
    .prepare(),
  /** Advances the client's counter (binding a new client id to its user and venue). */
  advance: db
    .insert(clientMutations)
    .values({
      clientId: p('clientId'),
      userId: p('userId'),
      // Only a venue that exists: a customer's refused mutation may name an unknown one (its
      // body's ownerId), and binding it would break the foreign key and turn a refusal into a 5xx.
      venueId: sql`(SELECT ${venues.id} FROM ${venues} WHERE ${venues.id} = ${p('venueId')})`,
      lastMutationId: p('mutationId'),
      updatedAt: p('now'),
    })
    .onConflictDoUpdate({
      target: clientMutations.clientId,
      set: {
        lastMutationId: sql`excluded.last_mutation_id`,
        updatedAt: sql`excluded.updated_at`,
        // A refusal before the venue was known keeps the one already bound.
        venueId: sql`coalesce(excluded.business_id, ${clientMutations.venueId})`,
      },
    })
    .prepare(),
  storeAnswer: db
    .insert(mutationAnswers)
    .values({
      clientId: p('clientId'),
      mutationId: p('mutationId'),
      scope: p('scope'),
      status: p('status'),
      body: p('body'),
      version: p('version'),
      createdAt: p('now'),
    })
    .prepare(),
  forgetAnswers: db
    .delete(mutationAnswers)
    .where(and(eq(mutationAnswers.clientId, p('clientId')), lte(mutationAnswers.mutationId, p('upTo'))))
    .prepare(),
  /** A key's answer stored since `since` (an older one is past its day, whether swept yet or not). */
  keyed: db
    .select()
    .from(idempotency)
    .where(
      and(
        eq(idempotency.scope, p('scope')),
        eq(idempotency.key, p('key')),
        gte(idempotency.createdAt, p('since')),
      ),
    )
    .prepare(),
  expireKeys: db
    .delete(idempotency)
    .where(lt(idempotency.createdAt, p('before')))
    .prepare(),
  storeKeyed: db
    .insert(idempotency)
    .values({
      scope: p('scope'),
      key: p('key'),
      requestHash: p('hash'),
      status: p('status'),
      body: p('body'),
      version: p('version'),
      createdAt: p('now'),
    })
    // Only a key past its day, not swept yet, is there to meet (`keyed` found none younger).
    .onConflictDoUpdate({
      target: [idempotency.scope, idempotency.key],
      set: {
        requestHash: sql`excluded.request_hash`,
        status: sql`excluded.status`,
        body: sql`excluded.body`,
        version: sql`excluded.version`,
        createdAt: sql`excluded.created_at`,
      },
    })
    .prepare(),
}));
