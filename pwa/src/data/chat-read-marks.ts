import type { ReadMarks } from './conversations.ts';
import { safeLocalStorage } from './safe-storage.ts';

/** Local-storage key: per table, the newest message time this device showed as read. */
const KEY = 'chatReadMarks';

let marks: ReadMarks = load();
const listeners = new Set<() => void>();

function load(): ReadMarks {
  try {
    const raw = safeLocalStorage()?.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/**
 * The device's read marks, shared by the chat screen and the dashboard's chat link: a store for
 * `useSyncExternalStore`, kept in local storage so a reload does not mark everything unread.
 */
export const readMarks = {
  get: (): ReadMarks => marks,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Marks a table read up to `time` (never backwards). */
  mark(tableId: string, time: string): void {
    if ((marks[tableId] ?? '') >= time) return;
    marks = { ...marks, [tableId]: time };
    try {
      safeLocalStorage()?.setItem(KEY, JSON.stringify(marks));
    } catch {
      // Quota or privacy mode: the mark lasts for this page.
    }
    for (const l of listeners) l();
  },
  /** Tests: start again from storage. */
  reset(): void {
    marks = load();
  },
};
