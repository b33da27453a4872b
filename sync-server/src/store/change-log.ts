import { AppError, CHANGE_LOG_KEEP, type Change } from '@comanda/shared-schema';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { type Db, perDb, perDbRows } from '../db/client.ts';
import { changes, venues } from '../db/schema.ts';
import { msg } from '../lib/messages.ts';
import type { LastWrites } from './port.ts';

export type ChangeOp = 'put' | 'delete';

export interface PendingChange {
  entity: string;
  entityId: string;
  op: ChangeOp;
  data?: unknown;
}

/** Prune in batches: only when the log exceeds the kept size by this much. */
const PRUNE_SLACK = 100;

const p = sql.placeholder;

/** A mutation's change-log rows, in one statement (its rows are the order of `pending`). */
const insertChanges = perDbRows((db, rows) =>
  db
    .insert(changes)
    .values(
      rows.map((row) => ({
        venueId: row('venueId'),
        version: row('version'),
        entity: row('entity'),
        entityId: row('entityId'),
        op: row('op'),
        // Raw, not through the JSON column's encoder: a deletion stores SQL NULL, not 'null'.
        data: sql`${row('data')}`,
        createdAt: row('createdAt'),
      })),
    )
    .prepare(),
);

/** Every mutation runs these: prepared once per connection. */
const statements = perDb((db: Db) => {
  const row = {
    version: changes.version,
    entity: changes.entity,
    entityId: changes.entityId,
    op: changes.op,
    data: changes.data,
  };
  return {
    // From the version read under the lock to the next. Nothing moves a venue's version but a
    // write holding its lock, this one; if anything had, the version would become NULL, which
    // its NOT NULL refuses, and the whole transaction fails. The check is the statement's own
    // because COMMIT is already on its way behind it (`LastWrites`).
    bump: db
      .update(venues)
      .set({ version: sql`CASE WHEN ${venues.version} = ${p('read')} THEN ${venues.version} + 1 END` })
      .where(eq(venues.id, p('venueId')))
      .prepare(),
    prune: db
      .delete(changes)
      .where(and(eq(changes.venueId, p('venueId')), lte(changes.version, p('floor'))))
      .prepare(),
    setFloor: db
      .update(venues)
      .set({ changeLogFloor: sql`${p('floor')}` })
      .where(eq(venues.id, p('venueId')))
      .prepare(),
    cursor: db
      .select({ version: venues.version, floor: venues.changeLogFloor })
      .from(venues)
      .where(eq(venues.id, p('venueId')))
      .prepare(),
    page: db
      .select(row)
      .from(changes)
      .where(and(eq(changes.venueId, p('venueId')), gt(changes.version, p('since'))))
      .orderBy(asc(changes.seq))
      .limit(p('limit'))
      .prepare(),
    oneVersion: db
      .select(row)
      .from(changes)
      .where(and(eq(changes.venueId, p('venueId')), eq(changes.version, p('version'))))
      .orderBy(asc(changes.seq))
      .prepare(),
  };
});

/** A venue's change-log position, read under its lock: its next version is `version + 1`. */
export interface LogCursor {
  version: number;
  floor: number;
}

/** The venue's cursor, read at the start of a write (undefined: no such venue). */
export async function logCursor(db: Db, venueId: string): Promise<LogCursor | undefined> {
  return await statements(db).cursor.get({ venueId });
}

/**
 * Appends one mutation's changes under the venue's next version (inside the caller's
 * transaction, which holds the venue's lock and read `cursor` under it) and returns that
 * version. The version is known from the cursor, so the bump, the rows, a prune when one is due
 * and `alongside` are the transaction's last writes, sent together with its commit: one round
 * trip on PostgreSQL.
 */
export async function appendChanges(
  db: Db,
  venueId: string,
  cursor: LogCursor | undefined,
  pending: PendingChange[],
  now: number,
  last: LastWrites,
  /** Writes that need the new version, sent along with the change log's rows. */
  alongside?: (version: number) => Promise<unknown>,
): Promise<number> {
  // A venue id from a body (customer calls) that names no venue: refused, nothing written.
  if (!cursor) throw new AppError('business_id_error', msg.venueNotFound);
  const s = statements(db);
  const version = cursor.version + 1;
  const newFloor = version - cursor.floor > CHANGE_LOG_KEEP + PRUNE_SLACK ? version - CHANGE_LOG_KEEP : null;
  await last(() =>
    Promise.all([
      s.bump.run({ venueId, read: cursor.version }),
      insertChanges(
        db,
        pending.map((c) => ({
          venueId,
          version,
          entity: c.entity,
          entityId: c.entityId,
          op: c.op,
          data: c.op === 'delete' ? null : JSON.stringify(c.data ?? null),
          createdAt: now,
        })),
      ),
      alongside?.(version),
      newFloor === null ? null : s.prune.run({ venueId, floor: newFloor }),
      newFloor === null ? null : s.setFloor.run({ venueId, floor: newFloor }),
    ]),
  );
  return version;
}

export async function currentVersion(db: Db, venueId: string): Promise<number | null> {
  return (await statements(db).cursor.get({ venueId }))?.version ?? null;
}

export type ChangesPage =
  | { success: true; reset: false; changes: Change[]; version: number; hasMore: boolean }
  | { success: true; reset: true; version: number };

/**
 * Changes after `since`, whole versions only (a page never splits one mutation's rows), so the
 * returned `version` is a safe cursor for the next page.
 */
export async function changesSince(
  db: Db,
  venueId: string,
  since: number,
  limit: number,
): Promise<ChangesPage> {
  const s = statements(db);
  const venue = await s.cursor.get({ venueId });
  if (!venue) return { success: true, reset: true, version: 0 };
  // Older than the kept log, or ahead of the server (a restored backup): reload everything.
  if (since < venue.floor || since > venue.version)
    return { success: true, reset: true, version: venue.version };
  let rows = await s.page.all({ venueId, since, limit: limit + 1 });
  let hasMore = false;
  if (rows.length > limit) {
    hasMore = true;
    const cut = rows[limit]?.version ?? 0;
    const whole = rows.filter((r) => r.version < cut);
    if (whole.length > 0) rows = whole;
    else {
      // One mutation with more rows than a page: send that version whole.
      const only = rows[0]?.version ?? 0;
      rows = await s.oneVersion.all({ venueId, version: only });
      hasMore = only < venue.version;
    }
  }
  const last = rows.at(-1);
  const version = hasMore && last ? last.version : venue.version;
  const list: Change[] = rows.map((r) => {
    const change: Change = { version: r.version, entity: r.entity, entityId: r.entityId, op: r.op };
    if (r.op === 'put') change.data = r.data;
    return change;
  });
  return { success: true, reset: false, changes: list, version, hasMore };
}
