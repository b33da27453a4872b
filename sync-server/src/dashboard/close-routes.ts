import { AppError, calls, completedOrderId, type ParsedBody, t } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import type { CardPaymentsOptions } from '../card-payments.ts';
import type { Db } from '../db/client.ts';
import { serviceDateOf } from '../lib/service-date.ts';
import { orderHasHistory, writeHistory } from '../store/history.ts';
import { linesOfOrder, type OrderRecord, refuseIfNewLines, venueOrder } from '../store/orders.ts';
import { localSettlement } from '../store/payment-status.ts';
import { checkVenueEcho, requireVenue } from '../store/venue.ts';
import { mutationRoute } from '../sync/mutation-route.ts';
import {
  entryKey,
  entryWire,
  isDelivery,
  pendingDeliveries,
  requireOpenEntry,
  tableOfOrder,
} from './entries.ts';
import { closeEntry } from './entry-writes.ts';
import { recordedPayment } from './history.ts';

type HistoryBody = ParsedBody<typeof calls.dashboardTableHistory>;

/**
 * The order a completion names, open and accepted, or the refusal: another venue's, already
 * completed, a forged mix of entries, a pending delivery, new lines since `seenVersion`.
 */
async function orderToComplete(db: Db, venueId: string, body: HistoryBody): Promise<OrderRecord> {
  // The spec's old body (an outbox queued before the small one): its echoes are still checked.
  if (body.table?.businessId !== undefined) checkVenueEcho(venueId, body.table.businessId);
  const named = await venueOrder(db, venueId, completedOrderId(body) ?? '');
  if (!named) throw new AppError('NOT_FOUND', t.noOpenOrder);
  if (named.closedAt !== null) {
    const done = await orderHasHistory(db, named.id);
    throw done ? new AppError('CONFLICT', t.orderAlreadyCompleted) : new AppError('NOT_FOUND', t.noOpenOrder);
  }
  // The entry the tablet showed must be this order's (a forged mix is not completed).
  const sentKey = body.table?.deliveryId ?? body.table?.tableId;
  if (sentKey != null && sentKey !== entryKey(named)) throw new AppError('NOT_FOUND', t.noOpenOrder);
  if (!named.accettato) throw new AppError('CONFLICT', t.orderNotAccepted);
  await refuseIfNewLines(db, named.id, body.seenVersion);
  return named;
}

/** Spec 7 "Dashboard": the two ways an entry leaves the dashboard. */
export async function closeRoutes(app: FastifyInstance, { cards }: CardPaymentsOptions): Promise<void> {
  /**
   * Removes an entry without history (an order entered by mistake). Refused when lines arrived
   * after the version the tablet saw, and for a card-paid order (complete or reject it instead).
   */
  mutationRoute(app, calls.dashboardTableDelete, async (ctx) => {
    const { body, db, venueId, publish } = ctx;
    const entry = await requireOpenEntry(db, venueId, body.tableId, body.isDelivery);
    const { order } = entry;
    if (order.paymentIntentId !== null) throw new AppError('CONFLICT', t.paidOrderNotDeletable);
    await refuseIfNewLines(db, order.id, body.seenVersion);
    await closeEntry(ctx, entry, await linesOfOrder(db, order.id));
    if (isDelivery(order) && !order.accettato) {
      publish('removeDelivery', { deliveryId: order.id });
      publish('updateCountDelivery', { count: await pendingDeliveries(db, venueId) });
    }
    return { success: true };
  });

  /**
   * Completes the order the body names (`id`, or an old body's `table.id`): the history built from
   * the server's own lines and order row (an old body's lines and amounts are never read), written
   * in this transaction, the entry closed. Twice is refused, as are new lines since `seenVersion`
   * and a pending delivery. A card order records what Stripe kept of its payment, asked of Stripe
   * first (payments/card-order.ts).
   */
  mutationRoute(
    app,
    calls.dashboardTableHistory,
    async ({ body, venueId }) =>
      cards.settleCardOrder(await app.store.port.read((db) => orderToComplete(db, venueId, body))),
    async (ctx, card) => {
      const { body, db, venueId, now, user } = ctx;
      const named = await orderToComplete(db, venueId, body);
      const venue = await requireVenue(db, venueId);
      const entry = { order: named, table: await tableOfOrder(db, named) };
      const lines = await linesOfOrder(db, named.id);
      const settlement = card ?? (await localSettlement(db, named));
      const { paymentMethod, totals } = recordedPayment(named, lines, settlement);
      const id = await writeHistory(db, {
        entry,
        lines,
        snapshot: await entryWire(db, entry),
        totals,
        paymentMethod,
        now,
        serviceDate: serviceDateOf(now, venue.openingTime, venue.closingTime),
        completedBy: user.user.id,
      });
      await closeEntry(ctx, entry, lines);
      return { success: true, history: { id, ...totals } };
    },
  );
}
