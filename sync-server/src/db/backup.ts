import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';

export interface BackupResult {
  /** Where the copy is. */
  path: string;
  bytes: number;
  pages: number;
  ms: number;
}

/** A backup that could not be taken or did not verify; the message says why, for the operator. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * Pages per backup step: all of them. SQLite's online backup restarts when another connection
 * (the running server) writes between two steps, so a step-wise copy under steady orders could
 * restart forever. One step copies the whole database inside one read transaction: a consistent
 * snapshot, and in WAL mode the server keeps writing meanwhile.
 */
const ALL_PAGES = 0x7fffffff;

/** `comanda-20250715T180000Z.db`: UTC, sortable, no characters a file system dislikes. */
export function backupFileName(now: Date = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `comanda-${stamp}.db`;
}

/** The default destination, `<cwd>/data/backups/comanda-<UTC timestamp>.db`. */
export function defaultBackupPath(cwd: string, now: Date = new Date()): string {
  return join(cwd, 'data', 'backups', backupFileName(now));
}

function removeWithSidecars(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
}

/** integrity_check of a copy; turns it into a single-file database (rollback journal). */
function verifyCopy(path: string): void {
  const copy = new Database(path, { fileMustExist: true });
  try {
    // The copy carries the source's WAL flag; a backup is one self-contained file (the server
    // turns WAL back on when it opens a restored copy).
    copy.pragma('journal_mode = DELETE');
    const rows = copy.pragma('integrity_check') as Array<{ integrity_check: string }>;
    const verdict = rows.map((r) => r.integrity_check).join('; ');
    if (verdict !== 'ok') throw new BackupError(`the copy failed integrity_check: ${verdict}`);
    // A generation of its own (sqlite-schema.ts `storeMeta`): once restored, every device's
    // cursor names the live database's, and each reloads instead of trusting its version.
    const hasMeta = copy
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'store_meta'")
      .get();
    if (hasMeta) {
      copy
        .prepare(
          "INSERT INTO store_meta (key, value) VALUES ('generation', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )
        .run(randomBytes(16).toString('hex'));
    }
  } finally {
    copy.close();
  }
}

/**
 * Copies the database at `sourcePath` to `destination` with SQLite's online backup API while the
 * server keeps running, then verifies the copy. The copy is written beside the destination
 * under a temporary name and renamed only once verified, so `destination` never holds half a
 * backup.
 */
export async function backupDatabase(sourcePath: string, destination: string): Promise<BackupResult> {
  if (sourcePath === ':memory:')
    throw new BackupError('the database is in memory: there is nothing to back up');
  const source = resolve(sourcePath);
  const target = resolve(destination);
  if (!existsSync(source)) throw new BackupError(`no database at ${source}`);
  if (target === source) throw new BackupError('the destination is the database itself');
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.partial-${process.pid}`;
  removeWithSidecars(partial);

  const started = performance.now();
  // Read-only: a backup never writes to the live database (nor checkpoints it on close).
  const db = new Database(source, { readonly: true, fileMustExist: true });
  let pages: number;
  try {
    db.pragma('busy_timeout = 5000');
    const progress = await db.backup(partial, { progress: () => ALL_PAGES });
    pages = progress.totalPages;
  } catch (err) {
    removeWithSidecars(partial);
    throw new BackupError(`the copy failed: ${(err as Error).message}`);
  } finally {
    db.close();
  }
  try {
    verifyCopy(partial);
  } catch (err) {
    removeWithSidecars(partial);
    throw err instanceof BackupError
      ? err
      : new BackupError(`the copy does not open: ${(err as Error).message}`);
  }
  renameSync(partial, target);
  return { path: target, bytes: statSync(target).size, pages, ms: Math.round(performance.now() - started) };
}
