import { t } from '@comanda/shared-schema';
import Dexie, { type Table } from 'dexie';
import { x } from '../texts-extra.ts';
import { StorageError } from './errors.ts';
import { uuid } from './uuid.ts';

/** The sync cursor of this device database (one row, key 'sync'). */
export interface SyncMeta {
  key: 'sync';
  /** Sent as `x-client-id`; made once per database, bound server-side to the owner who used it. */
  clientId: string;
  /** The `x-mutation-id` the next `mutate()` gets: 1, 2, 3... */
  nextMutationId: number;
  /** Business version the server rows are current at. */
  lastVersion: number;
  /** False until the first snapshot or catch-up completed. */
  synced: boolean;
  /**
   * The server database's generation `lastVersion` counts in (absent before the first answer
   * that carried one). Another one means a restored database, whose versions may repeat
   * numbers this device saw: the device reloads everything (catchup.ts).
   */
  generation?: string;
}

/** Server state only, written generically by snapshot and changes, never by screens. */
export interface ServerRow {
  entity: string;
  entityId: string;
  data: unknown;
}

export type OutboxStatus = 'pending' | 'acked' | 'refused';

export interface OutboxEntry {
  mutationId: number;
  /** Key of the call in shared-schema `calls`. */
  name: string;
  /** The body as it will be sent (the call's input type). */
  body: unknown;
  status: OutboxStatus;
  /** From the `x-comanda-version` answer header: applied until `lastVersion` reaches it. */
  ackVersion: number | null;
  /** When it was acked; an ack without a version stays applied until the next catch-up after it. */
  ackedAt: number | null;
  /** The server's text for a refusal, shown to the owner. */
  error: string | null;
  errorCode: string | null;
  /** Sends tried; a pending entry with attempts > 0 may already be on the server. */
  attempts: number;
  createdAt: number;
  /**
   * Set by the tab that queued it, to know the entry when it reads it back (see
   * `PendingWrites`); not indexed, absent on entries written before it existed.
   */
  localKey?: string;
}

/**
 * One IndexedDB database per owner business: the client id is bound to the owner account on the
 * server, and server rows belong to one business. Later issues add tables with `this.version(2)`.
 */
export class ComandaDb extends Dexie {
  meta!: Table<SyncMeta, 'sync'>;
  serverRows!: Table<ServerRow, [string, string]>;
  outbox!: Table<OutboxEntry, number>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({
      meta: 'key',
      serverRows: '[entity+entityId], entity',
      outbox: 'mutationId, status',
    });
  }
}

export function ownerDbName(businessId: string): string {
  return `comanda-owner-${businessId}`;
}

/** Read the sync meta row inside the caller's transaction, creating it on first use. */
export async function ensureMeta(db: ComandaDb): Promise<SyncMeta> {
  const meta = await db.meta.get('sync');
  if (meta) return meta;
  const fresh: SyncMeta = { key: 'sync', clientId: uuid(), nextMutationId: 1, lastVersion: 0, synced: false };
  await db.meta.add(fresh);
  return fresh;
}

export async function readMeta(db: ComandaDb): Promise<SyncMeta> {
  return (await db.meta.get('sync')) ?? db.transaction('rw', db.meta, () => ensureMeta(db));
}

function errorName(err: unknown): string {
  if (err && typeof err === 'object' && 'name' in err) return String((err as { name: unknown }).name);
  return '';
}

function isClosed(err: unknown): boolean {
  const name = errorName(err);
  if (name === 'DatabaseClosedError') return true;
  // Safari's own wording when it dropped the connection under us (app backgrounded).
  const inner = (err as { inner?: unknown } | null)?.inner;
  return (
    (name === 'InvalidStateError' || errorName(inner) === 'InvalidStateError') &&
    /closing|closed/i.test(String((err as Error).message ?? ''))
  );
}

function isQuota(err: unknown): boolean {
  const name = errorName(err);
  const inner = (err as { inner?: unknown } | null)?.inner;
  return name === 'QuotaExceededError' || errorName(inner) === 'QuotaExceededError';
}

/** Turn a Dexie failure into the typed error screens show (a quota error is never swallowed). */
export function toStorageError(err: unknown): StorageError {
  if (err instanceof StorageError) return err;
  if (isQuota(err)) return new StorageError('quota', t.storageFull, err);
  if (isClosed(err)) return new StorageError('closed', x.storageFailed, err);
  return new StorageError('other', x.storageFailed, err);
}

/**
 * Run a database operation; if the connection was closed under us (iOS after backgrounding),
 * open a fresh connection and run it once more instead of retrying on the stale handle.
 */
export async function withDb<T>(db: ComandaDb, op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    if (!isClosed(err)) throw err;
    db.close();
    await db.open();
    return op();
  }
}

/**
 * Ask the browser not to evict this origin's data (the outbox holds orders not yet sent). Asked
 * once per page; a refusal is fine, the browser just keeps its default policy.
 */
let persistAsked = false;
export async function requestPersistentStorage(): Promise<boolean> {
  if (persistAsked) return false;
  persistAsked = true;
  const storage = globalThis.navigator?.storage;
  if (!storage?.persist) return false;
  try {
    if (await storage.persisted()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
