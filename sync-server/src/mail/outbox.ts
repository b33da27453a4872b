import type { Db } from '../db/client.ts';
import { randomId } from '../lib/ids.ts';
import {
  claimMail,
  dueMails,
  failedMails,
  giveUpMail,
  markMailSent,
  nextMailTurn,
  type OutboxRow,
  outboxStatements,
  overdueMails,
  pruneMails,
  retryMailAt,
} from '../store/mail-outbox.ts';
import type { Mail } from './mail.ts';

export type { OutboxRow } from '../store/mail-outbox.ts';

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

/**
 * Puts a mail in the outbox through `db`: inside a mutation, its transaction (committed with
 * it, rolled back with it). The sender picks it up when woken or on its next turn.
 */
export async function queueMail(db: Db, mail: Mail, now: number): Promise<string> {
  const id = randomId();
  // The store's prepared insert, run here rather than through a store function: the write watch
  // (store/no-stray-writes.test.ts) reports a write at the frame that runs it, and a mail written
  // outside any transaction is to be reported at queueMail.
  await outboxStatements(db).insert.run({
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
  return {
    due: (now: number): Promise<OutboxRow[]> => dueMails(db, now),
    /** The row, claimed for one attempt; undefined when another sender took it first. */
    claim: (id: string, now: number): Promise<OutboxRow | undefined> =>
      claimMail(db, id, now, now + CLAIM_LEASE_MS),
    markSent: (id: string, now: number): Promise<void> => markMailSent(db, id, now),
    retryAt: (id: string, next: number, error: string): Promise<void> => retryMailAt(db, id, next, error),
    giveUp: (id: string, error: string): Promise<void> => giveUpMail(db, id, error),
    /** When the earliest pending mail falls due, or null when none waits. */
    nextTurn: (): Promise<number | null> => nextMailTurn(db),
    counts: async (now: number): Promise<{ overdue: number; failed: number }> => ({
      // One after the other: one connection, one snapshot.
      overdue: await overdueMails(db, now - OVERDUE_MS),
      failed: await failedMails(db),
    }),
    prune: (now: number): Promise<void> => pruneMails(db, now - KEEP_SENT_MS, now - KEEP_FAILED_MS),
  };
}

export type Outbox = ReturnType<typeof outbox>;
