import {
  type CallDef,
  CHANGES_PAGE_MAX,
  type Change,
  type EntityRow,
  syncCalls,
} from '@comanda/shared-schema';
import { request } from './api.ts';
import { type ComandaDb, ensureMeta, withDb } from './db.ts';

export interface CatchUpOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
  pageSize?: number;
  /** Injected in tests; shared-schema's sync calls otherwise. */
  calls?: { changes: CallDef; snapshot: CallDef };
}

export interface CatchUpResult {
  /** Business version the server rows are now current at. */
  version: number;
  /** Changes applied (or rows loaded by a snapshot). */
  applied: number;
  reset: boolean;
}

type ChangesAnswer =
  | { success: true; reset: false; changes: Change[]; version: number; generation: string; hasMore: boolean }
  | { success: true; reset: true; version: number; generation: string };
type SnapshotAnswer = { success: true; version: number; generation: string; rows: EntityRow[] };

/** Apply one page of changes and move the cursor, in one transaction (all or nothing). */
async function applyPage(
  db: ComandaDb,
  changes: readonly Change[],
  pageVersion: number,
  generation: string,
): Promise<number> {
  return db.transaction('rw', db.meta, db.serverRows, async () => {
    const meta = await ensureMeta(db);
    let applied = 0;
    for (const c of changes) {
      // Another tab may have applied this page already: never move backwards.
      if (c.version <= meta.lastVersion) continue;
      if (c.op === 'put') await db.serverRows.put({ entity: c.entity, entityId: c.entityId, data: c.data });
      else await db.serverRows.delete([c.entity, c.entityId]);
      applied++;
    }
    const version = Math.max(meta.lastVersion, pageVersion);
    await db.meta.put({ ...meta, lastVersion: version, synced: true, generation });
    return applied;
  });
}

/** Replace every server row with a snapshot, in one transaction. */
async function applySnapshot(db: ComandaDb, snap: SnapshotAnswer): Promise<void> {
  await db.transaction('rw', db.meta, db.serverRows, async () => {
    const meta = await ensureMeta(db);
    await db.serverRows.clear();
    await db.serverRows.bulkPut(
      snap.rows.map((r) => ({ entity: r.entity, entityId: r.entityId, data: r.data })),
    );
    await db.meta.put({ ...meta, lastVersion: snap.version, synced: true, generation: snap.generation });
  });
}

/**
 * Acked entries whose effect the server rows now contain: the ack version is reached, or the
 * ack had no version and this catch-up started after it.
 */
async function dropCaughtUp(db: ComandaDb, startedAt: number): Promise<void> {
  await db.transaction('rw', db.meta, db.outbox, async () => {
    const meta = await ensureMeta(db);
    await db.outbox
      .where('status')
      .equals('acked')
      .filter((e) =>
        e.ackVersion === null ? (e.ackedAt ?? 0) < startedAt : e.ackVersion <= meta.lastVersion,
      )
      .delete();
  });
}

/**
 * Bring the server rows up to date: `GET /api/sync/changes?since=lastVersion` page by page
 * until `hasMore` is false; a `reset` answer (cursor older than the kept log), an answer from
 * another generation of the database (a restore) or a device that never synced loads
 * `GET /api/sync/snapshot` instead. Then drops acked outbox entries that the
 * rows now contain, so their optimistic effect hands over to server state without a flicker.
 */
export async function catchUp(db: ComandaDb, opts: CatchUpOptions = {}): Promise<CatchUpResult> {
  const defs = opts.calls ?? syncCalls;
  const reqOpts = {
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  };
  const limit = Math.min(opts.pageSize ?? CHANGES_PAGE_MAX, CHANGES_PAGE_MAX);
  const startedAt = Date.now();
  let applied = 0;
  let reset = false;

  return withDb(db, async () => {
    let meta = await db.transaction('rw', db.meta, () => ensureMeta(db));
    let snapshot = !meta.synced;
    while (!snapshot) {
      const answer = (await request(defs.changes, { since: meta.lastVersion, limit }, reqOpts))
        .data as ChangesAnswer;
      // A restored database (another generation) may number again the versions this device
      // saw: its changes after our cursor could skip some. Reload everything instead.
      const restored = meta.generation !== undefined && answer.generation !== meta.generation;
      if (answer.reset || restored) {
        snapshot = true;
        reset = true;
        break;
      }
      const last = answer.changes.at(-1)?.version ?? meta.lastVersion;
      // With more pages to come, `version` may be ahead of this page: advance only to its end.
      const pageVersion = answer.hasMore ? last : Math.max(last, answer.version);
      applied += await applyPage(db, answer.changes, pageVersion, answer.generation);
      meta = await db.meta.get('sync').then((m) => m ?? meta);
      if (!answer.hasMore || answer.changes.length === 0) break;
    }
    if (snapshot) {
      const snap = (await request(defs.snapshot, {}, reqOpts)).data as SnapshotAnswer;
      await applySnapshot(db, snap);
      applied = snap.rows.length;
    }
    await dropCaughtUp(db, startedAt);
    const final = await db.meta.get('sync');
    return { version: final?.lastVersion ?? 0, applied, reset };
  });
}
