import type { ChatMessage } from '@comanda/shared-schema';
import { and, count, desc, eq, gt, isNotNull, max, sql } from 'drizzle-orm';
import { type Db, perDb } from '../db/client.ts';
import { type ChatMessageRecord, chatMessages, diningTables, orders, venues } from '../db/schema.ts';

/*
 * The table chat (spec 2.2, 2.3, 7 "Chat"): a venue's messages, each of one table, from a
 * customer or the owner; how they are stored and read, and how they travel (the 'chatMessage'
 * wire shape of the change log, the events and the snapshot).
 */

export type { ChatMessageRecord } from '../db/schema.ts';

const p = sql.placeholder;

/**
 * The chat's queries, prepared once per connection: a customer message is the hot path (tests/
 * bench/chat.ts sends 500 a second), and building a drizzle query costs more than running it.
 */
const chatStatements = perDb((db) => ({
  venueChat: db
    .select({ chatEnabled: venues.chatEnabled })
    .from(venues)
    .where(eq(venues.id, p('venueId')))
    .prepare(),
  table: db
    .select({ id: diningTables.id, number: diningTables.number })
    .from(diningTables)
    .where(and(eq(diningTables.id, p('tableId')), eq(diningTables.venueId, p('venueId'))))
    .prepare(),
  byId: db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.id, p('id')))
    .prepare(),
  insert: db
    .insert(chatMessages)
    .values({
      id: p('id'),
      venueId: p('venueId'),
      tableId: p('tableId'),
      sender: p('sender'),
      authorId: p('authorId'),
      text: p('text'),
      createdAt: p('now'),
    })
    .returning()
    .prepare(),
  recentFromTable: db
    .select({ n: count() })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.tableId, p('tableId')),
        eq(chatMessages.sender, 'user'),
        gt(chatMessages.createdAt, p('since')),
      ),
    )
    .prepare(),
  tableSince: db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.tableId, p('tableId')), gt(chatMessages.createdAt, p('since'))))
    .orderBy(chatMessages.createdAt, chatMessages.id)
    .prepare(),
  venueSince: db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.venueId, p('venueId')), gt(chatMessages.createdAt, p('since'))))
    .orderBy(desc(chatMessages.createdAt))
    .limit(p('limit'))
    .prepare(),
  lastClosedOrder: db
    .select({ at: max(orders.closedAt) })
    .from(orders)
    .where(
      and(eq(orders.venueId, p('venueId')), eq(orders.tableId, p('tableId')), isNotNull(orders.closedAt)),
    )
    .prepare(),
}));

/** A stored message as the wire (and the owner devices' `chatMessage` entity) carries it. */
export function messageWire(row: ChatMessageRecord): ChatMessage {
  return {
    id: row.id,
    tableId: row.tableId,
    text: row.text,
    time: new Date(row.createdAt).toISOString(),
    from: row.sender,
  };
}

/** The venue's chat switch, or undefined for an unknown venue. */
export async function venueChatSwitch(
  db: Db,
  venueId: string,
): Promise<{ chatEnabled: boolean } | undefined> {
  return await chatStatements(db).venueChat.get({ venueId });
}

/** The venue's table with this id (another venue's: undefined). */
export async function chatTable(
  db: Db,
  venueId: string,
  tableId: string,
): Promise<{ id: string; number: number } | undefined> {
  return await chatStatements(db).table.get({ tableId, venueId });
}

/** How many customer messages the table sent after `since`: the burst rule's count. */
export async function customerMessagesSince(db: Db, tableId: string, since: number): Promise<number> {
  return (await chatStatements(db).recentFromTable.get({ tableId, since }))?.n ?? 0;
}

export async function messageById(db: Db, id: string): Promise<ChatMessageRecord | undefined> {
  return await chatStatements(db).byId.get({ id });
}

export interface MessageRow {
  id: string;
  venueId: string;
  tableId: string;
  sender: 'user' | 'owner';
  authorId: string | null;
  text: string;
  now: number;
}

/** Stores a message as given (its id decided by the caller), in the caller's transaction. */
export async function insertChatMessage(db: Db, m: MessageRow): Promise<ChatMessageRecord> {
  const row = await chatStatements(db).insert.get({
    id: m.id,
    venueId: m.venueId,
    tableId: m.tableId,
    sender: m.sender,
    authorId: m.authorId,
    text: m.text,
    now: m.now,
  });
  if (!row) throw new Error('chat message not stored');
  return row;
}

/** When the table's last order was completed (its previous party left), or null. */
export async function lastTableCompletion(db: Db, venueId: string, tableId: string): Promise<number | null> {
  return (await chatStatements(db).lastClosedOrder.get({ venueId, tableId }))?.at ?? null;
}

/** A table's messages after `since`, oldest first. */
export async function tableMessagesSince(
  db: Db,
  tableId: string,
  since: number,
): Promise<ChatMessageRecord[]> {
  return await chatStatements(db).tableSince.all({ tableId, since });
}

/** A venue's messages after `since`, newest first, at most `limit`. */
export async function venueMessagesSince(
  db: Db,
  venueId: string,
  since: number,
  limit: number,
): Promise<ChatMessageRecord[]> {
  return await chatStatements(db).venueSince.all({ venueId, since, limit });
}
