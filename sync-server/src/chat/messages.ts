import { AppError, CHAT_BURST, CHAT_HISTORY_MS, type ChatMessage, ChatText, t } from '@comanda/shared-schema';
import type { Db } from '../db/client.ts';
import { randomId } from '../lib/ids.ts';
import { msg } from '../lib/messages.ts';
import {
  type ChatMessageRecord,
  chatTable,
  customerMessagesSince,
  insertChatMessage,
  lastTableCompletion,
  type MessageRow,
  messageById,
  messageWire,
  tableMessagesSince,
  venueChatSwitch,
  venueMessagesSince,
} from '../store/chat.ts';

/** How many messages an owner device keeps offline at most (the newest of the last 12 hours). */
export const SNAPSHOT_MESSAGES_MAX = 2000;

// C0 controls and DEL, except tab and line feed: they only garble a screen or a receipt.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * A customer's text as it will be stored: control characters dropped (line breaks kept), then
 * the shared rule (trimmed, 1-500 characters). Markup is kept as typed: it is text, and every
 * screen renders it as text.
 */
export function checkText(raw: string): string {
  const parsed = ChatText.safeParse(raw.replace(/\r\n?/g, '\n').replace(CONTROL_CHARACTERS, ''));
  if (!parsed.success) {
    throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? t.chatMessageRequired);
  }
  return parsed.data;
}

/** The venue's chat switch is on, or CHAT_DISABLED (an unknown venue: business_id_error). */
export async function requireChatOn(db: Db, venueId: string): Promise<void> {
  const venue = await venueChatSwitch(db, venueId);
  if (!venue) throw new AppError('business_id_error', msg.venueNotFound);
  if (!venue.chatEnabled) throw new AppError('CHAT_DISABLED', t.chatDisabled);
}

/** A table of that venue, or TABLE_INVALID. */
export async function requireChatTable(
  db: Db,
  venueId: string,
  tableId: string,
): Promise<{ id: string; number: number }> {
  const table = await chatTable(db, venueId, tableId);
  if (!table) throw new AppError('TABLE_INVALID', t.invalidTable);
  return table;
}

/** More than 10 customer messages from one table within 10 s: the next is refused. */
export async function checkBurst(db: Db, tableId: string, now: number): Promise<void> {
  const since = now - CHAT_BURST.windowMs + CHAT_BURST.jitterMs;
  if ((await customerMessagesSince(db, tableId, since)) >= CHAT_BURST.max)
    throw new AppError('CHAT_RATE_LIMITED', t.chatTooFast);
}

/** A message to store: the stored row's fields, its id only if the sender device gave one. */
export interface NewMessage extends Omit<MessageRow, 'id'> {
  /** The sender device's UUID, if it gave one. */
  id: string | undefined;
  /** Runs before a new message is stored (not for a resend): the burst rule. */
  beforeInsert?: () => Promise<void>;
}

/**
 * Stores a message. With an id already stored: the same table's message again (a phone's resend
 * after a drop) comes back as `fresh: false`; anything else is refused as a taken id.
 */
export async function insertMessage(
  db: Db,
  m: NewMessage,
): Promise<{ row: ChatMessageRecord; fresh: boolean }> {
  if (m.id !== undefined) {
    const existing = await messageById(db, m.id);
    if (existing) {
      const resend =
        existing.venueId === m.venueId &&
        existing.tableId === m.tableId &&
        existing.sender === m.sender &&
        existing.text === m.text;
      if (!resend) throw new AppError('CONFLICT', t.idTaken);
      return { row: existing, fresh: false };
    }
  }
  await m.beforeInsert?.();
  const row = await insertChatMessage(db, {
    id: m.id ?? randomId(),
    venueId: m.venueId,
    tableId: m.tableId,
    sender: m.sender,
    authorId: m.authorId,
    text: m.text,
    now: m.now,
  });
  return { row, fresh: true };
}

/**
 * Where a table's conversation starts for its customers: the last 12 hours, and only since the
 * table's last completed order, so the next party at the table does not read the previous one's.
 */
export async function conversationStart(
  db: Db,
  venueId: string,
  tableId: string,
  now: number,
): Promise<number> {
  const closed = await lastTableCompletion(db, venueId, tableId);
  return Math.max(now - CHAT_HISTORY_MS, closed ?? 0);
}

/** A table's conversation, oldest first (what `syncMessages` sends its phones). */
export async function tableHistory(
  db: Db,
  venueId: string,
  tableId: string,
  now: number,
): Promise<ChatMessage[]> {
  const since = await conversationStart(db, venueId, tableId, now);
  return (await tableMessagesSince(db, tableId, since)).map(messageWire);
}

/** The venue's messages of the last 12 hours, oldest first, at most SNAPSHOT_MESSAGES_MAX. */
export async function venueRecent(db: Db, venueId: string, now: number): Promise<ChatMessage[]> {
  const newestFirst = await venueMessagesSince(db, venueId, now - CHAT_HISTORY_MS, SNAPSHOT_MESSAGES_MAX);
  return newestFirst.reverse().map(messageWire);
}
