/**
 * Reads a screen needs, started before the screen mounts: the route's loader starts them while
 * the guard checks the session and the screen's code downloads, so the menu and the table checks
 * are on their way (often back) by the time the screen first renders, instead of leaving only
 * then, one after the other. The screen still renders only once the guard let it through; an
 * early read that failed is simply read again by the screen.
 */

interface EarlyRead<T> {
  promise: Promise<T>;
  startedAt: number;
  /** Set once the read succeeded, so the screen's first render can use it at once. */
  settled?: { value: T };
}

/** Older than this, an early read is not used: the screen reads again (a later visit, say). */
export const EARLY_READ_MAX_AGE_MS = 10_000;

const reads = new Map<string, EarlyRead<unknown>>();

/** Starts `load` now and keeps it under `key` for the screen (a newer start replaces it). */
export function startEarlyRead<T>(key: string, load: () => Promise<T>): void {
  const entry: EarlyRead<T> = { promise: load(), startedAt: Date.now() };
  entry.promise.then(
    (value) => {
      entry.settled = { value };
    },
    () => {
      // Not an unhandled rejection: the screen that takes it reads again.
    },
  );
  reads.set(key, entry);
}

function fresh(key: string): EarlyRead<unknown> | null {
  const entry = reads.get(key);
  if (!entry) return null;
  if (Date.now() - entry.startedAt > EARLY_READ_MAX_AGE_MS) {
    reads.delete(key);
    return null;
  }
  return entry;
}

/** The value of a finished early read, without taking it (for a first render's state). */
export function peekEarlyRead<T>(key: string): T | null {
  const entry = fresh(key);
  return entry?.settled ? (entry.settled.value as T) : null;
}

/** The early read under `key`, once: later loads (a retry, a reload) go to the network. */
export function takeEarlyRead<T>(key: string): Promise<T> | null {
  const entry = fresh(key);
  reads.delete(key);
  return entry ? (entry.promise as Promise<T>) : null;
}

/** Tests: no early read left over from another test. */
export function forgetEarlyReads(): void {
  reads.clear();
}

export const checksReadKey = (role: string, ownerId: string, tableId: string): string =>
  `checks:${role}:${ownerId}:${tableId}`;

export const menuReadKey = (source: string, ownerId: string): string => `menu:${source}:${ownerId}`;
