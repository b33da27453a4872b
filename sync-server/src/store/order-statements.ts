import { and, count, eq, isNull, max, sql } from 'drizzle-orm';
import { type Db, perDb } from '../db/client.ts';
import {
  categories,
  diningTables,
  dishes,
  orderLines,
  orders,
  variantOptions,
  variants,
  venues,
} from '../db/schema.ts';
import { inJsonArray } from '../db/sql-dialect.ts';

const p = sql.placeholder;

/**
 * The queries of the order path, prepared once per connection: building a drizzle query and
 * preparing its SQL costs more than running it, and a venue's busiest moment is customers
 * sending orders (tests/bench/order.ts measures it).
 */
function prepare(db: Db) {
  return {
    venue: db
      .select()
      .from(venues)
      .where(eq(venues.id, p('id')))
      .prepare(),
    table: db
      .select()
      .from(diningTables)
      .where(and(eq(diningTables.id, p('id')), eq(diningTables.venueId, p('venueId'))))
      .prepare(),
    /**
     * The available dishes a cart names (`ids`: a JSON array), each row one option of one of their
     * variants (variant and option null for a dish without variants), with the category's name and
     * kitchen area.
     */
    cartMenu: db
      .select({
        dish: dishes,
        categoryName: categories.name,
        area: categories.area,
        variant: variants,
        option: variantOptions,
      })
      .from(dishes)
      .innerJoin(categories, eq(categories.id, dishes.categoryId))
      .leftJoin(variants, eq(variants.dishId, dishes.id))
      .leftJoin(variantOptions, eq(variantOptions.variantId, variants.id))
      .where(
        and(eq(dishes.venueId, p('venueId')), eq(dishes.available, true), inJsonArray(dishes.id, p('ids'))),
      )
      .prepare(),
    openOrder: db
      .select()
      .from(orders)
      .where(and(eq(orders.tableId, p('tableId')), isNull(orders.closedAt)))
      .prepare(),
    /** A table's first send opens its order (table orders need no acceptance: spec 3, accettato 1). */
    insertTableOrder: db
      .insert(orders)
      .values({
        id: p('id'),
        venueId: p('venueId'),
        kind: 'table',
        tableId: p('tableId'),
        accettato: true,
        createdAt: p('now'),
        updatedAt: p('now'),
        // The first sender of the table's open order: quotas and blocking look at who and where.
        placedBy: p('placedBy'),
        placedFrom: p('placedFrom'),
      })
      .returning()
      .prepare(),
    /** Spec 3: a table with orders has status 1 (red on the map). */
    markTableBusy: db
      .update(diningTables)
      .set({ status: true })
      .where(eq(diningTables.id, p('id')))
      .returning()
      .prepare(),
    touchOrder: db
      .update(orders)
      .set({ updatedAt: sql`${p('now')}` })
      .where(eq(orders.id, p('id')))
      .prepare(),
    /** What an open entry holds (order ceilings): its lines and their total, deleted ones at 0. */
    entryLoad: db
      .select({
        lines: count(),
        total: sql<number>`coalesce(sum(case when ${orderLines.status} = 'owner_deleted' then 0 else ${orderLines.price} * ${orderLines.amount} end), 0)`,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, p('orderId')))
      .prepare(),
    lastSeq: db
      .select({ top: max(orderLines.seq) })
      .from(orderLines)
      .where(eq(orderLines.orderId, p('orderId')))
      .prepare(),
    insertLine: db
      .insert(orderLines)
      .values({
        id: p('id'),
        orderId: p('orderId'),
        venueId: p('venueId'),
        seq: p('seq'),
        dishId: p('dishId'),
        name: p('name'),
        price: p('price'),
        amount: p('amount'),
        variant: p('variant'),
        note: p('note'),
        selectedOption: p('selectedOption'),
        categoryId: p('categoryId'),
        categoryName: p('categoryName'),
        status: p('status'),
        printed: p('printed'),
        accettato: p('accettato'),
        createdAt: p('createdAt'),
        lastUpdate: p('lastUpdate'),
      })
      .prepare(),
  };
}

export type OrderStatements = ReturnType<typeof prepare>;

/** The prepared statements of this connection (prepared on first use). */
export const orderStatements: (db: Db) => OrderStatements = perDb(prepare);
