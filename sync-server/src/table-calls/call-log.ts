import {
  WAITER_ANSWER_SHOWN_MS,
  WAITER_CALL_COOLDOWN_MS,
  type WaiterCallState,
} from '@comanda/shared-schema';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type TableCallRecord, tableCalls } from '../db/schema.ts';
import { randomId } from '../lib/ids.ts';

/** The table's latest call that rang, if any. */
export function lastCall(db: Db, tableId: string): TableCallRecord | undefined {
  return db
    .select()
    .from(tableCalls)
    .where(eq(tableCalls.tableId, tableId))
    .orderBy(desc(tableCalls.calledAt))
    .limit(1)
    .get();
}

export function recordCall(db: Db, businessId: string, tableId: string, now: number): void {
  db.insert(tableCalls).values({ id: randomId(), businessId, tableId, calledAt: now }).run();
}

/** A tablet dismissed the table's call: every unanswered call of the table is answered now. */
export function answerCalls(db: Db, tableId: string, now: number): void {
  db.update(tableCalls)
    .set({ answeredAt: now })
    .where(and(eq(tableCalls.tableId, tableId), isNull(tableCalls.answeredAt)))
    .run();
}

/**
 * An answered call stops being shown this long after its answer: the call is done (shared with
 * the phones, which clear the line on their own when it passes while they are open).
 */
export const ANSWERED_CALL_SHOWN_MS = WAITER_ANSWER_SHOWN_MS;

/**
 * The latest call as the table's phones see it: null when the table never called, or when its
 * last call was answered long ago. An unanswered call shows however old it is.
 */
export function callState(db: Db, tableId: string, now: number): WaiterCallState | null {
  const last = lastCall(db, tableId);
  if (!last) return null;
  if (last.answeredAt !== null && now - last.answeredAt > ANSWERED_CALL_SHOWN_MS) return null;
  return {
    calledAt: new Date(last.calledAt).toISOString(),
    answeredAt: last.answeredAt === null ? null : new Date(last.answeredAt).toISOString(),
    callAgainInMs: Math.max(0, last.calledAt + WAITER_CALL_COOLDOWN_MS - now),
    ...(last.answeredAt === null ? {} : { answeredAgoMs: Math.max(0, now - last.answeredAt) }),
  };
}
