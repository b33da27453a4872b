import { and, count, desc, eq, gt, isNotNull, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { businesses, chatMessages, diningTables, orders } from '../db/schema.ts';

const p = sql.placeholder;

/**
 * The chat's queries, prepared once per connection: a customer message is the hot path (tests/
 * bench/chat.ts sends 500 a second), and building a drizzle query costs more than running it.
 */
function prepare(db: Db) {
  return {
    venueChat: db
      .select({ chatEnabled: businesses.chatEnabled })
      .from(businesses)
      .where(eq(businesses.id, p('businessId')))
      .prepare(),
    table: db
      .select({ id: diningTables.id, number: diningTables.number })
      .from(diningTables)
      .where(and(eq(diningTables.id, p('tableId')), eq(diningTables.businessId, p('businessId'))))
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
        businessId: p('businessId'),
        tableId: p('tableId'),
        sender: p('sender'),
        authorId: p('authorId'),
        text: p('text'),
        createdAt: p('now'),
      })
      .returning()
      .prepare(),
    /** A table's customer messages since an instant: the burst rule. */
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
    /** A table's conversation since an instant, oldest first. */
    tableSince: db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.tableId, p('tableId')), gt(chatMessages.createdAt, p('since'))))
      .orderBy(chatMessages.createdAt, chatMessages.id)
      .prepare(),
    /** A venue's messages since an instant, newest first, bounded. */
    venueSince: db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.businessId, p('businessId')), gt(chatMessages.createdAt, p('since'))))
      .orderBy(desc(chatMessages.createdAt))
      .limit(p('limit'))
      .prepare(),
    /** When the table's last order was completed (its previous party left). */
    lastClosedOrder: db
      .select({ at: max(orders.closedAt) })
      .from(orders)
      .where(
        and(
          eq(orders.businessId, p('businessId')),
          eq(orders.tableId, p('tableId')),
          isNotNull(orders.closedAt),
        ),
      )
      .prepare(),
  };
}

export type ChatStatements = ReturnType<typeof prepare>;

const cache = new WeakMap<Db, ChatStatements>();

/** The prepared statements of this connection (prepared on first use). */
export function chatStatements(db: Db): ChatStatements {
  let statements = cache.get(db);
  if (!statements) {
    statements = prepare(db);
    cache.set(db, statements);
  }
  return statements;
}
