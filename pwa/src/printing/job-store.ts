import {
  type BridgePrintMessage,
  type KitchenFilter,
  PRINTER_KINDS,
  type PrinterKind,
} from '@comanda/shared-schema';
import { safeLocalStorage } from '../data/safe-storage.ts';

/**
 * One print action (a UUID `jobId`): what to print, where, and how far it got. Kept in
 * local storage until the bridge says it printed (ORDER_PRINTED_NOTIFICATION) or the browser
 * view printed it, so a reload, a crash or a dropped socket never loses a ticket.
 *
 * Why local storage and not the device database: a job is a few KB and lives seconds to minutes;
 * reads are synchronous, so every step re-reads the truth before acting (another tab may have
 * finished the job); every tab of the origin sees the same list (each may send it: the bridge
 * prints a jobId once); and a new IndexedDB table would mean a schema version of the sync
 * database for data the server never sees. Blocked storage (privacy modes) keeps the jobs in
 * memory for the page's life.
 */
export interface PrintJob {
  jobId: string;
  /** Which `/api/printer/{kind}` answers the payload. */
  kind: PrinterKind;
  /** The entry: a table's id, or a delivery's id. */
  key: string;
  delivery: boolean;
  /** Kitchen area printed; also the area `table/print` marks. */
  filter: KitchenFilter;
  /** 'bridge': sent until acknowledged. 'browser': waits for the browser-print view. */
  via: 'bridge' | 'browser';
  /** An outbox entry that must reach the server first (a delivery's accept). */
  afterMutation?: number;
  /** Made once from the server's payload, then re-sent as is (same jobId, same lines). */
  message?: BridgePrintMessage;
  /** PRINT_QUEUED came: the job is on the bridge's disk and will print even if it restarts. */
  queued?: boolean;
  createdAt: number;
}

export interface JobStore {
  readonly scope: string;
  list(): PrintJob[];
  get(jobId: string): PrintJob | undefined;
  put(job: PrintJob): void;
  update(jobId: string, patch: Partial<PrintJob>): PrintJob | undefined;
  remove(jobId: string): PrintJob | undefined;
  /** Called after this store's writes and another tab's (the `storage` event). */
  subscribe(listener: () => void): () => void;
}

/** A job still waiting after a day is stale (the order is long closed): dropped on read. */
export const JOB_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const MAX_JOBS = 100;

/** Jobs made before the venue's print service started (an owner order right after a reload). */
export const UNBOUND_SCOPE = 'unbound';

export const jobStorageKey = (scope: string) => `comanda.printJobs.${scope}`;

function isJob(value: unknown): value is PrintJob {
  const job = value as Partial<PrintJob> | null;
  return (
    typeof job === 'object' &&
    job !== null &&
    typeof job.jobId === 'string' &&
    typeof job.key === 'string' &&
    typeof job.createdAt === 'number' &&
    (PRINTER_KINDS as readonly string[]).includes(job.kind ?? '') &&
    (job.via === 'bridge' || job.via === 'browser')
  );
}

export interface JobStoreOptions {
  storage?: Storage | null;
  now?: () => number;
  /** Where `storage` events arrive (the window); injected in tests. */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

export function createJobStore(scope: string, opts: JobStoreOptions = {}): JobStore {
  const storage = opts.storage === undefined ? safeLocalStorage() : opts.storage;
  const now = opts.now ?? Date.now;
  const events = opts.events ?? globalThis;
  const key = jobStorageKey(scope);
  const listeners = new Set<() => void>();
  let memory: PrintJob[] = [];

  const fresh = (jobs: PrintJob[]) =>
    jobs.filter((j) => now() - j.createdAt < JOB_MAX_AGE_MS).slice(-MAX_JOBS);

  function read(): PrintJob[] {
    if (!storage) return fresh(memory);
    try {
      const raw = storage.getItem(key);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      memory = Array.isArray(parsed) ? parsed.filter(isJob) : [];
    } catch {
      // Unreadable (blocked meanwhile, or garbage): what this page knew.
    }
    return fresh(memory);
  }

  function write(jobs: PrintJob[]): void {
    memory = fresh(jobs);
    try {
      if (memory.length === 0) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(memory));
    } catch (err) {
      // Full or blocked: the jobs live in memory for this page; say so once in the console.
      console.warn('print jobs not saved', err);
    }
    for (const listener of [...listeners]) listener();
  }

  const onStorage = (event: Event) => {
    if ((event as StorageEvent).key !== key && (event as StorageEvent).key !== null) return;
    for (const listener of [...listeners]) listener();
  };

  return {
    scope,
    list: read,
    get: (jobId) => read().find((j) => j.jobId === jobId),
    put(job) {
      write([...read().filter((j) => j.jobId !== job.jobId), job]);
    },
    update(jobId, patch) {
      const jobs = read();
      const index = jobs.findIndex((j) => j.jobId === jobId);
      const current = jobs[index];
      if (!current) return undefined;
      const next = { ...current, ...patch };
      jobs[index] = next;
      write(jobs);
      return next;
    },
    remove(jobId) {
      const jobs = read();
      const found = jobs.find((j) => j.jobId === jobId);
      if (found) write(jobs.filter((j) => j.jobId !== jobId));
      return found;
    },
    subscribe(listener) {
      if (listeners.size === 0) events.addEventListener?.('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) events.removeEventListener?.('storage', onStorage);
      };
    },
  };
}

/** Moves the jobs made before any venue's service started into this venue's store. */
export function adoptUnbound(store: JobStore, opts: JobStoreOptions = {}): void {
  if (store.scope === UNBOUND_SCOPE) return;
  const unbound = createJobStore(UNBOUND_SCOPE, opts);
  for (const job of unbound.list()) {
    store.put(job);
    unbound.remove(job.jobId);
  }
}
