import type { OutboxEntry } from './db.ts';
import { pendingEntry } from './outbox.ts';

/**
 * Provisional mutation ids sort after every real one: a write not yet in the outbox is the newest
 * change this device made, and entries replay in mutation order.
 */
const PROVISIONAL_FROM = 2 ** 50;

/** How long a committed write stays here after its commit, for reads that began before it. */
const KEPT_AFTER_COMMIT_MS = 5_000;

interface PendingWrite {
  entry: OutboxEntry;
  /** `PendingWrites.mark()` right after its outbox write committed; null while it is in flight. */
  committedAt: number | null;
  committedTime: number;
}

/**
 * This tab's mutations from the moment they are queued until the screens have read them back
 * from the outbox. The outbox write is a transaction and the screens' re-read another: on a
 * status tap those two IndexedDB round trips were most of the time before the dish showed its
 * new status. Screens compose these entries on top of their last read at once (`useEntities`)
 * and again on every read that may not have seen them, so the change shows the moment it is
 * made and never blinks away while IndexedDB catches up. Durability is unchanged: a mutation is
 * only acknowledged to its caller once its outbox entry is stored, and one whose write fails
 * leaves here at once, taking its effect off the screen.
 *
 * A read takes a `mark()` before it starts; `unseen(mark, outbox)` answers the entries that read
 * may have missed: those not yet committed or committed after the mark, less any it found in the
 * outbox by their `localKey`.
 */
export class PendingWrites {
  private readonly writes = new Map<string, PendingWrite>();
  private readonly listeners = new Set<() => void>();
  private commits = 0;
  private nextId = PROVISIONAL_FROM;
  private nextKey = 0;
  private readonly tab = Math.random().toString(36).slice(2);

  /** A fresh key for an outbox entry, unique across tabs and reloads. */
  newKey(): string {
    this.nextKey += 1;
    return `${this.tab}.${Date.now().toString(36)}.${this.nextKey}`;
  }

  /** Taken when a read begins, before its first request to IndexedDB. */
  mark(): number {
    return this.commits;
  }

  /** A mutation about to be written; screens show it at once. */
  add(localKey: string, name: string, body: unknown, createdAt: number): void {
    const entry = pendingEntry(this.nextId++, name, body, createdAt, localKey);
    this.writes.set(localKey, { entry, committedAt: null, committedTime: 0 });
    this.emit();
  }

  /** Its outbox write committed: a read that begins from now on finds it there. */
  committed(localKey: string): void {
    const write = this.writes.get(localKey);
    if (!write) return;
    this.commits += 1;
    write.committedAt = this.commits;
    write.committedTime = Date.now();
  }

  /** Its outbox write failed: the change is taken off the screens. */
  failed(localKey: string): void {
    if (this.writes.delete(localKey)) this.emit();
  }

  /** The entries a read that began at `mark` and found `outbox` may have missed, oldest first. */
  unseen(mark: number, outbox: readonly OutboxEntry[]): OutboxEntry[] {
    if (this.writes.size === 0) return [];
    const now = Date.now();
    for (const [key, write] of this.writes) {
      if (write.committedAt !== null && now - write.committedTime > KEPT_AFTER_COMMIT_MS) {
        this.writes.delete(key);
      }
    }
    const found = new Set<string>();
    for (const e of outbox) if (e.localKey !== undefined) found.add(e.localKey);
    const out: OutboxEntry[] = [];
    for (const [key, write] of this.writes) {
      if (found.has(key)) continue;
      if (write.committedAt !== null && write.committedAt <= mark) continue;
      out.push(write.entry);
    }
    return out;
  }

  /** Called whenever an entry comes or goes (not when one commits: nothing shown changes). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
