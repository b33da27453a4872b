import { and, asc, count, eq, isNotNull, lt, lte, min, or, sql } from 'drizzle-orm';
import { type Db, perDb } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

/*
 * The mail outbox's rows (DESIGN.md "Where it runs": mails through an outbox table): a mail
 * waiting for the transport, claimed by one sender, sent, retried or given up. When and how
 * often is the sender's (mail/outbox.ts, mail/mailer.ts); these are its statements.
 */

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Placeholders; in `set()` wrapped as sql`${p(...)}` (drizzle types take no bare placeholder there). */
const p = sql.placeholder;

/**
 * Every mutation that mails and every pass of the sender runs these: prepared once per
 * connection (db/client.ts `perDb`). `insert` takes `{id, recipient, subject, text, kind, now}`:
 * a mail due at once, pending, no attempt yet (run by mail/outbox.ts `queueMail`).
 */
export const outboxStatements = perDb((db: Db) => ({
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

/** The pending rows due at `now`, oldest turn first, at most a page of them. */
export async function dueMails(db: Db, now: number): Promise<OutboxRow[]> {
  return await outboxStatements(db).due.all({ now });
}

/**
 * The row, claimed for one attempt until `leaseUntil`; undefined when it is no longer pending
 * and due (another sender took it first).
 */
export async function claimMail(
  db: Db,
  id: string,
  now: number,
  leaseUntil: number,
): Promise<OutboxRow | undefined> {
  return await outboxStatements(db).claim.get({ id, now, leaseUntil });
}

export async function markMailSent(db: Db, id: string, now: number): Promise<void> {
  await outboxStatements(db).sent.run({ id, now });
}

/** Puts the next attempt off to `next`, keeping the error it failed with. */
export async function retryMailAt(db: Db, id: string, next: number, error: string): Promise<void> {
  await outboxStatements(db).retry.run({ id, next, error });
}

export async function giveUpMail(db: Db, id: string, error: string): Promise<void> {
  await outboxStatements(db).giveUp.run({ id, error });
}

/** When the earliest pending mail falls due, or null when none waits. */
export async function nextMailTurn(db: Db): Promise<number | null> {
  return (await outboxStatements(db).nextTurn.get())?.at ?? null;
}

/** Pending mails that failed once or were queued before `before`. */
export async function overdueMails(db: Db, before: number): Promise<number> {
  return (await outboxStatements(db).overdue.get({ before }))?.n ?? 0;
}

/** Mails given up. */
export async function failedMails(db: Db): Promise<number> {
  return (await outboxStatements(db).failed.get())?.n ?? 0;
}

/** Deletes the mails sent before `sentBefore` and those given up that were queued before `failedBefore`. */
export async function pruneMails(db: Db, sentBefore: number, failedBefore: number): Promise<void> {
  const s = outboxStatements(db);
  await s.pruneSent.run({ before: sentBefore });
  await s.pruneFailed.run({ before: failedBefore });
}
