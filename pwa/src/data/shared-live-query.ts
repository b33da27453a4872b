import { liveQuery } from 'dexie';

interface SharedObserver<T> {
  next: (value: T) => void;
  error: ((err: unknown) => void) | undefined;
}

/**
 * One Dexie live query whose answers go to every subscriber: what `useEntities` and
 * `useOutboxSummary` read. Every outbox write re-runs every live query on screen (each reads the
 * outbox), and one screen reads the same thing in several places: the dashboard reads the tables
 * in four components, the orders in two, the outbox summary in three, the venue row in its chat
 * switch and the print service. A query each was thirteen queries per status tap, most of them
 * repeating another's IndexedDB reads and composition; shared, each is read once and all its
 * readers get the same answer together.
 *
 * A subscriber that comes while others hold an answer gets it at once (`hasValue`/`getValue`,
 * as `useObservable` asks). When the last one leaves, the query stops and forgets its answer, so
 * a screen opened later reads afresh, as a query of its own would.
 */
export class SharedLiveQuery<T> {
  private readonly observers = new Set<SharedObserver<T>>();
  private source: { unsubscribe(): void } | null = null;
  private stopLocal: (() => void) | null = null;
  private last: { value: T } | { error: unknown } | null = null;

  /**
   * `local`, when given: `changes` calls back when something held in memory changes what the
   * query answers (this tab's pending writes), and `now` answers it again at once, without
   * IndexedDB (undefined: not possible yet, the next read will bring it).
   */
  constructor(
    private readonly querier: () => Promise<T>,
    private readonly local?: { changes: (listener: () => void) => () => void; now: () => T | undefined },
  ) {}

  hasValue(): boolean {
    return this.last !== null && 'value' in this.last;
  }

  getValue(): T {
    if (this.last === null || !('value' in this.last)) throw new Error('no answer yet (ask hasValue)');
    return this.last.value;
  }

  subscribe(next: (value: T) => void, error?: (err: unknown) => void): { unsubscribe(): void } {
    const observer: SharedObserver<T> = { next, error };
    this.observers.add(observer);
    if (this.source === null) {
      this.source = liveQuery(this.querier).subscribe({
        next: (value) => this.answer(value),
        error: (err: unknown) => {
          this.last = { error: err };
          for (const o of [...this.observers]) o.error?.(err);
        },
      });
      const local = this.local;
      if (local) {
        this.stopLocal = local.changes(() => {
          // Only on top of an answer read from IndexedDB: before it, there is nothing to show.
          if (this.last === null || !('value' in this.last)) return;
          const value = local.now();
          if (value !== undefined) this.answer(value);
        });
      }
    } else if (this.last !== null) {
      // What the others hold, as the first answer of a query of its own would bring it.
      if ('value' in this.last) next(this.last.value);
      else error?.(this.last.error);
    }
    return {
      unsubscribe: () => {
        if (!this.observers.delete(observer) || this.observers.size > 0) return;
        this.source?.unsubscribe();
        this.source = null;
        this.stopLocal?.();
        this.stopLocal = null;
        this.last = null;
      },
    };
  }

  private answer(value: T): void {
    // The same answer again (an outbox write read back after it was shown): nothing to draw.
    if (this.last !== null && 'value' in this.last && this.last.value === value) return;
    this.last = { value };
    for (const o of [...this.observers]) o.next(value);
  }
}
