import { and, count, eq, isNull, max, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, perDb, perDbRows } from '../db/client.ts';
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

/** The FROM of a subquery over the lines (as `ol`) of the order row the outer query reads. */
const linesOfOrder = sql.raw('from order_lines ol where ol.order_id = orders.id');

/** What an entry's lines add up to for its ceilings: deleted lines (by the owner) count 0. */
const linesTotal = (line: { status: SQLWrapper; price: SQLWrapper; amount: SQLWrapper }) =>
  sql<number>`coalesce(sum(case when ${line.status} = 'owner_deleted' then 0 else ${line.price} * ${line.amount} end), 0)`;

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
    /**
     * The table's open order with what it holds (the order ceilings' load) and its last line's
     * `seq`: everything a send joining it reads, in one statement.
     */
    openOrderLoad: db
      .select({
        order: orders,
        // Written out with their tables named: drizzle leaves a one-table query's columns bare,
        // which inside these subqueries would name order_lines' own.
        lines: sql<number>`(select count(*) ${linesOfOrder})`.mapWith(Number),
        linesTotal: sql<number>`(select ${linesTotal({
          status: sql.raw('ol.status'),
          price: sql.raw('ol.price'),
          amount: sql.raw('ol.amount'),
        })} ${linesOfOrder})`.mapWith(Number),
        lastSeq: sql<number>`(select coalesce(max(ol.seq), 0) ${linesOfOrder})`.mapWith(Number),
      })
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
        total: linesTotal(orderLines),
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, p('orderId')))
      .prepare(),
    lastSeq: db
      .select({ top: max(orderLines.seq) })
      .from(orderLines)
      .where(eq(orderLines.orderId, p('orderId')))
      .prepare(),
  };
}

export type OrderStatements = ReturnType<typeof prepare>;

/** An order's new lines, in one statement (records as `OrderLineRecord`, in `seq` order). */
export const insertLines = perDbRows((db, rows) =>
  db
    .insert(orderLines)
    .values(
      rows.map((row) => ({
        id: row('id'),
        orderId: row('orderId'),
        venueId: row('venueId'),
        seq: row('seq'),
        dishId: row('dishId'),
        name: row('name'),
        price: row('price'),
        amount: row('amount'),
        variant: row('variant'),
        note: row('note'),
        selectedOption: row('selectedOption'),
        categoryId: row('categoryId'),
        categoryName: row('categoryName'),
        status: row('status'),
        printed: row('printed'),
        accettato: row('accettato'),
        createdAt: row('createdAt'),
        lastUpdate: row('lastUpdate'),
      })),
    )
    .prepare(),
);

/** The prepared statements of this connection (prepared on first use). */
export const orderStatements: (db: Db) => OrderStatements = perDb(prepare);
