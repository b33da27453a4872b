import { and, desc, eq, isNull } from 'drizzle-orm';
import { type Db, first } from '../db/client.ts';
import { diningTables, type TableCallRecord, tableCalls } from '../db/schema.ts';
import { randomId } from '../lib/ids.ts';
import type { TableRecord } from './rooms.ts';

/*
 * Waiter calls (spec 2.6, 4 "Table call"): the call log of a venue's tables (one row per call
 * that rang, with when a tablet answered it) and the table's `called` flag the dashboard shows.
 */

/** The table's latest call that rang, if any. */
export async function lastCall(db: Db, tableId: string): Promise<TableCallRecord | undefined> {
  return await first(
    db
      .select()
      .from(tableCalls)
      .where(eq(tableCalls.tableId, tableId))
      .orderBy(desc(tableCalls.calledAt))
      .limit(1),
  );
}

export async function recordCall(db: Db, venueId: string, tableId: string, now: number): Promise<void> {
  await db.insert(tableCalls).values({ id: randomId(), venueId, tableId, calledAt: now });
}

/** A tablet dismissed the table's call: every unanswered call of the table is answered now. */
export async function answerCalls(db: Db, tableId: string, now: number): Promise<void> {
  await db
    .update(tableCalls)
    .set({ answeredAt: now })
    .where(and(eq(tableCalls.tableId, tableId), isNull(tableCalls.answeredAt)));
}

/** Raises or lowers the venue's table's `called` flag; the table as it now is (another venue's: undefined). */
export async function setTableCalled(
  db: Db,
  venueId: string,
  tableId: string,
  called: boolean,
): Promise<TableRecord | undefined> {
  return await first(
    db
      .update(diningTables)
      .set({ called })
      .where(and(eq(diningTables.id, tableId), eq(diningTables.venueId, venueId)))
      .returning(),
  );
}
