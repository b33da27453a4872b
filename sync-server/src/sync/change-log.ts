import { AppError, CHANGE_LOG_KEEP, type Change } from '@comanda/shared-schema';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { businesses, changes } from '../db/schema.ts';
import { msg } from '../http/messages.ts';

export type ChangeOp = 'put' | 'delete';

export interface PendingChange {
  entity: string;
  entityId: string;
  op: ChangeOp;
  data?: unknown;
}

/** Prune in batches: only when the log exceeds the kept size by this much. */
const PRUNE_SLACK = 100;

/**
 * Appends one mutation's changes under a new business version (inside the caller's
 * transaction) and returns that version.
 */
export function appendChanges(db: Db, businessId: string, pending: PendingChange[], now: number): number {
  const bumped = db
    .update(businesses)
    .set({ version: sql`${businesses.version} + 1` })
    .where(eq(businesses.id, businessId))
    .returning({ version: businesses.version, floor: businesses.changeLogFloor })
    .get();
  // A venue id from a body (customer calls) that names no venue: refused, nothing written.
  if (!bumped) throw new AppError('business_id_error', msg.businessNotFound);
  const { version, floor } = bumped;
  db.insert(changes)
    .values(
      pending.map((c) => ({
        businessId,
        version,
        entity: c.entity,
        entityId: c.entityId,
        op: c.op,
        data: c.op === 'delete' ? null : (c.data ?? null),
        createdAt: now,
      })),
    )
    .run();
  if (version - floor > CHANGE_LOG_KEEP + PRUNE_SLACK) {
    const newFloor = version - CHANGE_LOG_KEEP;
    db.delete(changes)
      .where(and(eq(changes.businessId, businessId), lte(changes.version, newFloor)))
      .run();
    db.update(businesses).set({ changeLogFloor: newFloor }).where(eq(businesses.id, businessId)).run();
  }
  return version;
}

export function currentVersion(db: Db, businessId: string): number | null {
  const row = db
    .select({ version: businesses.version })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .get();
  return row?.version ?? null;
}

export type ChangesPage =
  | { success: true; reset: false; changes: Change[]; version: number; hasMore: boolean }
  | { success: true; reset: true; version: number };

/**
 * Changes after `since`, whole versions only (a page never splits one mutation's rows), so the
 * returned `version` is a safe cursor for the next page.
 */
export function changesSince(db: Db, businessId: string, since: number, limit: number): ChangesPage {
  const biz = db
    .select({ version: businesses.version, floor: businesses.changeLogFloor })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .get();
  if (!biz) return { success: true, reset: true, version: 0 };
  // Older than the kept log, or ahead of the server (a restored backup): reload everything.
  if (since < biz.floor || since > biz.version) return { success: true, reset: true, version: biz.version };
  const select = () =>
    db
      .select({
        version: changes.version,
        entity: changes.entity,
        entityId: changes.entityId,
        op: changes.op,
        data: changes.data,
      })
      .from(changes);
  let rows = select()
    .where(and(eq(changes.businessId, businessId), gt(changes.version, since)))
    .orderBy(asc(changes.seq))
    .limit(limit + 1)
    .all();
  let hasMore = false;
  if (rows.length > limit) {
    hasMore = true;
    const cut = rows[limit]?.version ?? 0;
    const whole = rows.filter((r) => r.version < cut);
    if (whole.length > 0) rows = whole;
    else {
      // One mutation with more rows than a page: send that version whole.
      const only = rows[0]?.version ?? 0;
      rows = select()
        .where(and(eq(changes.businessId, businessId), eq(changes.version, only)))
        .orderBy(asc(changes.seq))
        .all();
      hasMore = only < biz.version;
    }
  }
  const last = rows.at(-1);
  const version = hasMore && last ? last.version : biz.version;
  const list: Change[] = rows.map((r) => {
    const change: Change = { version: r.version, entity: r.entity, entityId: r.entityId, op: r.op };
    if (r.op === 'put') change.data = r.data;
    return change;
  });
  return { success: true, reset: false, changes: list, version, hasMore };
}
