import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { type Db, first, perDb } from '../db/client.ts';
import { type OrderRecord, orders } from '../db/schema.ts';

/*
 * Card checkouts (spec 4 "Customer order flow"): the orders the card send stored before the
 * customer pays, open with a `checkout_until` deadline. The sweep of payments/checkout-expiry.ts
 * reads the due ones and moves a deadline on; an expired one is closed (orders.ts `closeOrder`).
 */

const statements = perDb((db) => ({
  /** Open checkouts past their deadline, oldest first, through `orders_checkout_due`. */
  due: db
    .select()
    .from(orders)
    .where(
      and(
        isNotNull(orders.checkoutUntil),
        isNull(orders.closedAt),
        lte(orders.checkoutUntil, sql.placeholder('now')),
      ),
    )
    .orderBy(orders.checkoutUntil)
    .limit(sql.placeholder('limit'))
    .prepare(),
  byId: db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .prepare(),
}));

/** At most `limit` open checkouts whose deadline is `now` or earlier, oldest deadline first. */
export async function dueCheckouts(db: Db, now: number, limit: number): Promise<OrderRecord[]> {
  return await statements(db).due.all({ now, limit });
}

/** The order with this id, whatever its venue and state (a checkout re-read in its write). */
export async function checkoutById(db: Db, id: string): Promise<OrderRecord | undefined> {
  return await statements(db).byId.get({ id });
}

/** Moves an open checkout's deadline to `until`: the order as it now is. */
export async function postponeCheckout(
  db: Db,
  orderId: string,
  until: number,
  now: number,
): Promise<OrderRecord | undefined> {
  return await first(
    db.update(orders).set({ checkoutUntil: until, updatedAt: now }).where(eq(orders.id, orderId)).returning(),
  );
}
