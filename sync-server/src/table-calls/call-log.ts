import {
  WAITER_ANSWER_SHOWN_MS,
  WAITER_CALL_COOLDOWN_MS,
  type WaiterCallState,
} from '@comanda/shared-schema';
import type { Db } from '../db/client.ts';
import { lastCall } from '../store/table-calls.ts';

/**
 * An answered call stops being shown this long after its answer: the call is done (shared with
 * the phones, which clear the line on their own when it passes while they are open).
 */
export const ANSWERED_CALL_SHOWN_MS = WAITER_ANSWER_SHOWN_MS;

/**
 * The latest call as the table's phones see it: null when the table never called, or when its
 * last call was answered long ago. An unanswered call shows however old it is.
 */
export async function callState(db: Db, tableId: string, now: number): Promise<WaiterCallState | null> {
  const last = await lastCall(db, tableId);
  if (!last) return null;
  if (last.answeredAt !== null && now - last.answeredAt > ANSWERED_CALL_SHOWN_MS) return null;
  return {
    calledAt: new Date(last.calledAt).toISOString(),
    answeredAt: last.answeredAt === null ? null : new Date(last.answeredAt).toISOString(),
    callAgainInMs: Math.max(0, last.calledAt + WAITER_CALL_COOLDOWN_MS - now),
    ...(last.answeredAt === null ? {} : { answeredAgoMs: Math.max(0, now - last.answeredAt) }),
  };
}
