// Runs SQLite WAL checkpoints beside the server (see checkpointer.ts). Plain JavaScript so the
// worker starts the same under tsx, vitest and a built server, with no TypeScript loader.
import { statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { path, intervalMs, truncateAboveFrames } = workerData;
/** How often the WAL's size is looked at (a stat call): a fast-growing WAL is caught early. */
const TICK_MS = Math.min(100, intervalMs);
/** How long a truncating checkpoint may wait for the writer and readers (they wait on it meanwhile). */
const TRUNCATE_BUSY_MS = 100;
const db = new Database(path);
db.pragma('busy_timeout = 5000');
const walPath = `${path}-wal`;
/** WAL frames are a page plus a 24-byte header. */
const truncateAboveBytes = truncateAboveFrames * (db.pragma('page_size', { simple: true }) + 24);

function walBytes() {
  return statSync(walPath, { throwIfNoEntry: false })?.size ?? 0;
}

let lastPass = Date.now();
let failing = false;
/** A TRUNCATE that found readers on the WAL is not tried again before this (epoch ms). */
let truncateNotBefore = 0;

/**
 * One pass: PASSIVE (never blocks anyone), then, when the WAL file is past the threshold and the
 * PASSIVE pass copied all of it, TRUNCATE. Under steady writes a PASSIVE checkpoint never finds
 * the WAL idle, so the server's next write never starts it over and the file grows without
 * bound (745 MB in 20 s of orders at full load, until the disk is full). TRUNCATE takes the
 * write lock for the little that is left and empties the file; a short busy timeout, because
 * the server's writes wait on that lock, and a pause after a busy one (a backup's long read).
 */
function checkpoint(size) {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    let truncated = false;
    const now = Date.now();
    if (
      result &&
      size > truncateAboveBytes &&
      result.checkpointed === result.log &&
      now >= truncateNotBefore
    ) {
      db.pragma(`busy_timeout = ${TRUNCATE_BUSY_MS}`);
      try {
        truncated = db.pragma('wal_checkpoint(TRUNCATE)')[0]?.busy === 0;
      } finally {
        db.pragma('busy_timeout = 5000');
      }
      if (!truncated) truncateNotBefore = now + intervalMs;
    }
    // The PASSIVE pass's counts (what was copied), and whether the WAL was emptied after it.
    parentPort?.postMessage({ kind: 'checkpoint', ...result, truncated });
    return true;
  } catch (err) {
    parentPort?.postMessage({ kind: 'error', message: String(err?.message ?? err) });
    return false;
  }
}

/**
 * A pass every `intervalMs`, sooner when the WAL is past the threshold, and every tick while
 * passes fail (a full disk): once space returns, the checkpoint must get it before the server's
 * writes, which can only append to the WAL until a checkpoint lets it start over, take it all.
 */
function tick() {
  const size = walBytes();
  if (failing || size > truncateAboveBytes || Date.now() - lastPass >= intervalMs) {
    failing = !checkpoint(size);
    lastPass = Date.now();
  }
  timer = setTimeout(tick, TICK_MS);
}

let timer = setTimeout(tick, TICK_MS);
parentPort?.on('message', (message) => {
  if (message !== 'stop') return;
  clearTimeout(timer);
  checkpoint(0);
  db.close();
  parentPort?.close();
});
