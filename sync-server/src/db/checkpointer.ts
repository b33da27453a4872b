import { Worker } from 'node:worker_threads';
// The driver's type, not client.ts's `Sqlite` alias: client.ts imports this file, not the reverse.
import type Database from 'better-sqlite3';

/** SQLite's own default: a checkpoint once the WAL holds this many pages. */
const AUTO_CHECKPOINT_PAGES = 1000;
/**
 * A WAL longer than this (frames, about 4 MB: the bound SQLite's automatic checkpoint keeps) is
 * emptied with a TRUNCATE checkpoint.
 */
export const TRUNCATE_ABOVE_FRAMES = AUTO_CHECKPOINT_PAGES;
/** How long a stopping worker may take for its last checkpoint. */
const STOP_GRACE_MS = 3000;

export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
  /** A TRUNCATE pass followed and emptied the WAL. */
  truncated?: boolean;
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
 * PASSIVE checkpoint (never blocks writers or readers) every `intervalMs`; under steady writes
 * that alone never lets the WAL start over, so once the file is past `truncateAboveFrames`
 * (looked at every 100 ms) a pass follows with a TRUNCATE checkpoint (a brief write lock) that
 * empties it. A failed pass (a full disk) is retried every 100 ms, so returning space goes to
 * the checkpoint before the WAL eats it. If the worker dies, the automatic checkpoint comes
 * back so the WAL cannot grow without bound.
 */
export function startCheckpointer(
  sqlite: Database.Database,
  path: string,
  intervalMs = 1000,
  log: (message: string) => void = () => {},
  truncateAboveFrames = TRUNCATE_ABOVE_FRAMES,
): Checkpointer {
  sqlite.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
    workerData: { path, intervalMs, truncateAboveFrames },
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
  // A full disk fails every pass (ten a second then): say so when it starts and when it ends.
  let failures = 0;
  worker.on('message', (message: { kind: string } & Partial<CheckpointResult> & { message?: string }) => {
    if (message.kind === 'checkpoint') {
      last = {
        busy: message.busy ?? 0,
        log: message.log ?? 0,
        checkpointed: message.checkpointed ?? 0,
        truncated: message.truncated === true,
      };
      if (failures > 0) log(`WAL checkpoints work again after ${failures} failed`);
      failures = 0;
    } else if (message.kind === 'error') {
      if (failures === 0) log(`WAL checkpoint failed: ${message.message} (retrying)`);
      failures += 1;
    }
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
        // From here the shutdown waits for the worker's last checkpoint: an unref'd worker and
        // timer would let a process whose loop has nothing else left end before either (a
        // top-level `await app.close()` then never settles), so both hold the loop until exit.
        worker.ref();
        worker.postMessage('stop');
        // A checkpoint stuck behind a lock must not hold the shutdown.
        const force = setTimeout(() => void worker.terminate(), STOP_GRACE_MS);
        void exited.then(() => clearTimeout(force));
      }
      return exited;
    },
  };
}
