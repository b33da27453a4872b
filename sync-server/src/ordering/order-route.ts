import { AppError, type CallDef, calls, t } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { randomId } from '../lib/ids.ts';
import { msg } from '../lib/messages.ts';
import { refuseOverCeilings } from '../store/ceilings.ts';
import { insertLines, orderStatements } from '../store/order-statements.ts';
import { lineRecords, lineWire, type OrderRecord, openOrderLoadOfTable, orderWire } from '../store/orders.ts';
import { priceCart } from '../store/price-cart.ts';
import { type TableRecord, tableWire } from '../store/rooms.ts';
import { requireVenue, requireVenueTable, venueIsClosed } from '../store/venue.ts';
import { type MutationContext, mutationRoute } from '../sync/mutation-route.ts';
import { takeOrderQuotas } from './order-quotas.ts';

/**
 * The customer's order goes through the sync core like an owner mutation (one transaction with
 * the change log, events after commit, `Idempotency-Key` replays), but it is not an outbox call:
 * shared-schema keeps `mutation` for those, so the flag is set here only.
 */
const userOrder = { ...calls.userOrder, mutation: true } as const satisfies CallDef;

type Ctx = MutationContext<typeof userOrder>;

/** A read of those taken together: its value, or what it threw. */
function settledValue<T>(read: PromiseSettledResult<T>): T {
  if (read.status === 'rejected') throw read.reason;
  return read.value;
}

/**
 * The table's open order, opened by this send when there is none: its first sender and their
 * address are recorded (the per-address quotas and the owner's blocking read them). An open
 * order's `updated_at` is moved by `touched`, sent along with the lines.
 */
async function openOrder(
  ctx: Ctx,
  table: TableRecord,
  open: OrderRecord | undefined,
): Promise<{ order: OrderRecord; touched?: Promise<unknown> }> {
  const { db, now } = ctx;
  if (open) {
    return {
      order: { ...open, updatedAt: now },
      touched: orderStatements(db).touchOrder.run({ id: open.id, now }),
    };
  }
  const opened = await orderStatements(db).insertTableOrder.get({
    id: randomId(),
    venueId: table.venueId,
    tableId: table.id,
    now,
    placedBy: ctx.user.user.id,
    placedFrom: ctx.req.ip,
  });
  if (!opened) throw new Error('order insert returned no row');
  return { order: opened };
}

/**
 * `/api/reservation/user/order`: a table's cart. Refused, with nothing stored, when the venue or
 * table is not there, ordering is off (customers only), the venue is closed, or a line does not
 * match the menu, or it passes an order ceiling (a line, the send, the table's open order:
 * shared-schema rules/order-ceilings.ts). Before any of that, a customer's send counts against
 * its quotas (per session, table and address: 429 when full); the venue's owner has none. Every
 * name and price comes from the menu. The lines join the table's open order; the table turns
 * red (status 1); the venue's owners and the table's other phones get `order` with the new lines.
 */
export async function orderRoute(app: FastifyInstance): Promise<void> {
  mutationRoute<typeof userOrder, void>(
    app,
    userOrder,
    ({ body, req, user }) =>
      takeOrderQuotas(app, { session: user, req, tableId: body.tableId }, body.ownerId),
    async (ctx) => {
      const { body, db, now, change, publish, user } = ctx;
      // The owner ordering on a table's behalf: the 'Abilita ordini' switch is for customers.
      const byOwner = body.isOwner === true;
      // Read together (one round trip on PostgreSQL, under the venue's lock), then judged one by
      // one in the order of the refusals above.
      const [venueRead, tableRead, pricedRead, openRead] = await Promise.allSettled([
        requireVenue(db, body.ownerId),
        requireVenueTable(db, body.ownerId, body.tableId),
        priceCart(db, body.ownerId, body.cart, byOwner),
        openOrderLoadOfTable(db, body.tableId),
      ]);
      const venue = settledValue(venueRead);
      const table = settledValue(tableRead);
      const ownerHere = user.user.role === 'owner' && user.venueId === venue.id;
      if (body.isOwner && !ownerHere) throw new AppError('FORBIDDEN', msg.forbidden);
      if (!byOwner && !venue.orderEnabled) throw new AppError('ORDER_DISABLED', t.orderingDisabled);
      if (venueIsClosed(venue, now)) throw new AppError('VENUE_CLOSED', t.venueClosed);
      const priced = settledValue(pricedRead);
      const openLoad = settledValue(openRead);
      const open = openLoad?.order;
      await refuseOverCeilings(db, priced, open, byOwner ? 'owner' : 'customer', 0, openLoad);
      const lastSeq = openLoad?.lastSeq ?? 0;

      const { order, touched } = await openOrder(ctx, table, open);
      // A table's lines need no acceptance (spec 3, accettato 1). Nothing below reads them or the
      // touched order back: they are written with the commit.
      const stored = lineRecords({ id: order.id, venueId: venue.id }, priced, now, true, lastSeq);
      ctx.withCommit(insertLines(db, stored));
      if (touched) ctx.withCommit(touched);

      // Spec 3: the table's status is set when it has orders.
      let current = table;
      if (!table.status) {
        const updated = await orderStatements(db).markTableBusy.get({ id: table.id });
        if (updated) current = updated;
        change('table', current.id, 'put', tableWire(current));
        publish('switchTableStatus', { id: current.id, status: true });
      }

      const lines = stored.map((line) => lineWire(line, order));
      const row = orderWire(order, current);
      change('order', order.id, 'put', row);
      for (const line of lines) change('line', line.id, 'put', line);
      publish('order', { table: { ...row, reservations: lines } }, { to: 'all', tableId: table.id });
      return { success: true, tableId: table.id, lines };
    },
    { venueOf: ({ body }) => body.ownerId },
  );
}
