import { and, asc, count, eq, isNotNull, lt, lte, min, or, sql } from 'drizzle-orm';
import { type Db, perDb } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { randomId } from '../lib/ids.ts';
import type { Mail } from './mail.ts';

/**
 * The durable mail outbox (DESIGN.md "Where it runs": mails through an outbox table). A mail is
 * a row first, written in the caller's transaction when it has one, so a mail is never lost
 * while the API says success, and one queued by a refused mutation is rolled back with it. The
 * sender (mailer.ts) claims due rows, sends them, and retries failures with backoff.
 */

/** First retry after this; each next one waits twice as long, up to `RETRY_MAX_MS`. */
export const RETRY_FIRST_MS = 30_000;
export const RETRY_MAX_MS = 30 * 60_000;
/** A mail still failing this long after it was queued is given up ('failed'). */
export const GIVE_UP_MS = 24 * 60 * 60_000;
/**
 * A claimed row is not due again before this: longer than any send takes (the SMTP timeouts in
 * mailer.ts), so only a sender that died mid-send leaves it to be claimed again.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;
/** Pending longer than this is overdue (health); a sent mail is kept this long, a failed one longer. */
export const OVERDUE_MS = 2 * 60_000;
export const KEEP_SENT_MS = 3 * 24 * 60 * 60_000;
export const KEEP_FAILED_MS = 30 * 24 * 60 * 60_000;

/** Wait before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min ... 30 min. */
export function retryDelay(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1));
}

/** Placeholders; in `set()` wrapped as sql`${p(...)}` (drizzle types take no bare placeholder there). */
const p = sql.placeholder;

const statements = perDb((db: Db) => ({
  insert: db
    .insert(mailOutbox)
    .values({
      id: p('id'),
      recipient: p('recipient'),
      subject: p('subject'),
      text: p('text'),
      kind: p('kind'),
      nextAttemptAt: p('now'),
      createdAt: p('now'),
    })
    .prepare(),
  /** The due rows, oldest turn first (a page: the sender asks again after each). */
  due: db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, p('now'))))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(20)
    .prepare(),
  /**
   * Takes a due row for one sender: its next turn moves past the lease and the attempt is
   * counted, in one statement, so two senders never both claim it. (PostgreSQL: the same
   * update on rows picked with FOR UPDATE SKIP LOCKED.)
   */
  claim: db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`${p('leaseUntil')}`, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(
      and(
        eq(mailOutbox.id, p('id')),
        eq(mailOutbox.status, 'pending'),
        lte(mailOutbox.nextAttemptAt, p('now')),
      ),
    )
    .returning()
    .prepare(),
  sent: db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`${p('now')}`, lastError: null })
    .where(eq(mailOutbox.id, p('id')))
    .prepare(),
  retry: db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`${p('next')}`, lastError: sql`${p('error')}` })
    .where(eq(mailOutbox.id, p('id')))
    .prepare(),
  giveUp: db
    .update(mailOutbox)
    .set({ status: 'failed', lastError: sql`${p('error')}` })
    .where(eq(mailOutbox.id, p('id')))
    .prepare(),
  nextTurn: db
    .select({ at: min(mailOutbox.nextAttemptAt) })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'pending'))
    .prepare(),
  overdue: db
    .select({ n: count() })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        or(isNotNull(mailOutbox.lastError), lt(mailOutbox.createdAt, p('before'))),
      ),
    )
    .prepare(),
  failed: db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'failed')).prepare(),
  pruneSent: db
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, p('before'))))
    .prepare(),
  pruneFailed: db
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.status, 'failed'), lt(mailOutbox.createdAt, p('before'))))
    .prepare(),
}));

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Puts a mail in the outbox through `db`: inside a mutation, its transaction (committed with
 * it, rolled back with it). The sender picks it up when woken or on its next turn.
 */
export async function queueMail(db: Db, mail: Mail, now: number): Promise<string> {
  const id = randomId();
  await statements(db).insert.run({
    id,
    recipient: mail.to,
    subject: mail.subject,
    text: mail.text,
    kind: mail.kind ?? '',
    now,
  });
  return id;
}

/**
 * The outbox's reads and writes for the sender, on `db`: its writes inside a port transaction
 * (the mailer opens one for each, mailer.ts), its reads inside `port.read`.
 */
export function outbox(db: Db) {
  const s = statements(db);
  return {
    due: async (now: number): Promise<OutboxRow[]> => await s.due.all({ now }),
    /** The row, claimed for one attempt; undefined when another sender took it first. */
    claim: async (id: string, now: number): Promise<OutboxRow | undefined> =>
      await s.claim.get({ id, now, leaseUntil: now + CLAIM_LEASE_MS }),
    markSent: async (id: string, now: number): Promise<void> => {
      await s.sent.run({ id, now });
    },
    retryAt: async (id: string, next: number, error: string): Promise<void> => {
      await s.retry.run({ id, next, error });
    },
    giveUp: async (id: string, error: string): Promise<void> => {
      await s.giveUp.run({ id, error });
    },
    /** When the earliest pending mail falls due, or null when none waits. */
    nextTurn: async (): Promise<number | null> => (await s.nextTurn.get())?.at ?? null,
    counts: async (now: number): Promise<{ overdue: number; failed: number }> => ({
      // One after the other: one connection, one snapshot.
      overdue: (await s.overdue.get({ before: now - OVERDUE_MS }))?.n ?? 0,
      failed: (await s.failed.get())?.n ?? 0,
    }),
    prune: async (now: number): Promise<void> => {
      await s.pruneSent.run({ before: now - KEEP_SENT_MS });
      await s.pruneFailed.run({ before: now - KEEP_FAILED_MS });
    },
  };
}

export type Outbox = ReturnType<typeof outbox>;
