import type { ChatMessage, RoomTable } from '@comanda/shared-schema';

/** One table's conversation on the owner's screen. */
export interface Conversation {
  tableId: string;
  number: number;
  /** Oldest first. */
  messages: ChatMessage[];
  last: ChatMessage;
  /** Customer messages after the later of this device's last read and the last answer. */
  unread: number;
}

/** Per table, the time (ISO) of the newest message this device has shown as read. */
export type ReadMarks = Readonly<Record<string, string>>;

const byTime = (a: ChatMessage, b: ChatMessage) =>
  a.time < b.time ? -1 : a.time > b.time ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * The venue's messages grouped per table, newest conversation first. Messages of a table that no
 * longer exists, or older than `since` (ISO), are left out. A conversation's unread count is its
 * customer messages after both the device's read mark and the last answer from any device (an
 * answer means someone read it).
 */
export function conversations(
  messages: readonly ChatMessage[] | undefined,
  tables: readonly RoomTable[] | undefined,
  marks: ReadMarks,
  since = '',
): Conversation[] {
  const numbers = new Map((tables ?? []).map((table) => [table.id, table.number]));
  const byTable = new Map<string, ChatMessage[]>();
  for (const m of messages ?? []) {
    if (m.time < since || !numbers.has(m.tableId)) continue;
    const list = byTable.get(m.tableId);
    if (list) list.push(m);
    else byTable.set(m.tableId, [m]);
  }
  const out: Conversation[] = [];
  for (const [tableId, list] of byTable) {
    list.sort(byTime);
    const last = list[list.length - 1];
    if (!last) continue;
    let seen = marks[tableId] ?? '';
    for (const m of list) if (m.from === 'owner' && m.time > seen) seen = m.time;
    const unread = list.filter((m) => m.from !== 'owner' && m.time > seen).length;
    out.push({ tableId, number: numbers.get(tableId) ?? 0, messages: list, last, unread });
  }
  return out.sort((a, b) => byTime(b.last, a.last));
}

export function totalUnread(list: readonly Conversation[]): number {
  return list.reduce((n, c) => n + c.unread, 0);
}
