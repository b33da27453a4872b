// Runs SQLite WAL checkpoints beside the server (see checkpointer.ts). Plain JavaScript so the
// worker starts the same under tsx, vitest and a built server, with no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { path, intervalMs } = workerData;
const db = new Database(path);
db.pragma('busy_timeout = 5000');

function checkpoint() {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort?.postMessage({ kind: 'checkpoint', ...result });
  } catch (err) {
    parentPort?.postMessage({ kind: 'error', message: String(err?.message ?? err) });
  }
}

const timer = setInterval(checkpoint, intervalMs);
parentPort?.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort?.close();
});
