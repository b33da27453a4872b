import { Worker } from 'node:worker_threads';
import type { Sqlite } from './client.ts';

/** SQLite's own default: a checkpoint once the WAL holds this many pages. */
const AUTO_CHECKPOINT_PAGES = 1000;
/** How long a stopping worker may take for its last checkpoint. */
const STOP_GRACE_MS = 3000;

export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export interface Checkpointer {
  /** The last checkpoint the worker ran (tests, diagnostics). */
  readonly last: CheckpointResult | null;
  /** Resolves once the worker ran its last checkpoint and closed its connection. */
  stop(): Promise<void>;
}

/**
 * Moves WAL checkpoints off the request path. SQLite's automatic checkpoint runs inside the
 * commit that crosses 1,000 WAL pages, on the event loop: at 100 orders/s that is twice a second,
 * 15-30 ms each (copying pages and the fsync), and every request behind it waits. Here the
 * connection serving requests never checkpoints; a worker thread with its own connection runs a
 * PASSIVE checkpoint (never blocks writers or readers) every `intervalMs`. If the worker dies,
 * the automatic checkpoint comes back so the WAL cannot grow without bound.
 */
export function startCheckpointer(
  sqlite: Sqlite,
  path: string,
  intervalMs = 1000,
  log: (message: string) => void = () => {},
): Checkpointer {
  sqlite.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
    workerData: { path, intervalMs },
  });
  // The server's shutdown decides when the process ends, not this thread.
  worker.unref();
  let last: CheckpointResult | null = null;
  let stopped = false;
  const fallBack = (why: string) => {
    if (stopped || !sqlite.open) return;
    log(`WAL checkpoint worker stopped (${why}): automatic checkpoints resume`);
    sqlite.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
  };
  worker.on('message', (message: { kind: string } & Partial<CheckpointResult> & { message?: string }) => {
    if (message.kind === 'checkpoint') {
      last = { busy: message.busy ?? 0, log: message.log ?? 0, checkpointed: message.checkpointed ?? 0 };
    } else if (message.kind === 'error') log(`WAL checkpoint failed: ${message.message}`);
  });
  worker.on('error', (err) => fallBack(err.message));
  const exited = new Promise<void>((resolve) => {
    worker.on('exit', (code) => {
      fallBack(`exit ${code}`);
      resolve();
    });
  });
  return {
    get last() {
      return last;
    },
    stop() {
      if (!stopped) {
        stopped = true;
        worker.postMessage('stop');
        // A checkpoint stuck behind a lock must not hold the shutdown.
        const force = setTimeout(() => void worker.terminate(), STOP_GRACE_MS);
        force.unref();
        void exited.then(() => clearTimeout(force));
      }
      return exited;
    },
  };
}
