import { AppError, type CallDef, calls, t, WAITER_CALL_COOLDOWN_MS } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import { reputOpenOrder } from '../store/orders.ts';
import { requireTable, tableWire } from '../store/rooms.ts';
import { answerCalls, lastCall, recordCall, setTableCalled } from '../store/table-calls.ts';
import { requireVenue, requireVenueTable } from '../store/venue.ts';
import { mutationRoute } from '../sync/mutation-route.ts';
import type { MutationTools } from '../sync/sync-core.ts';
import { callState } from './call-log.ts';

/**
 * The customer's call goes through the sync core (change log, events after commit,
 * `Idempotency-Key` replays) without being an outbox call, like the order (see order-route.ts).
 */
const userTableCall = { ...calls.userTableCall, mutation: true } as const satisfies CallDef;

/**
 * Dismisses a table's call: the flag goes down in the change log (every owner device's copy), the
 * call is logged as answered, and the other owner devices and the table's phones hear
 * `discardNotification`. A table not called is left as it is.
 */
async function discard(
  tools: Pick<MutationTools, 'db' | 'now' | 'change' | 'publish'>,
  venueId: string,
  tableId: string,
): Promise<void> {
  const table = await requireTable(tools.db, venueId, tableId);
  if (!table.called) return;
  const row = await setTableCalled(tools.db, venueId, table.id, false);
  if (!row) throw new Error('table vanished inside its transaction');
  await answerCalls(tools.db, row.id, tools.now);
  tools.change('table', row.id, 'put', tableWire(row));
  await reputOpenOrder(tools.db, row, tools.change);
  // The phones show that the waiter has seen the call, and when.
  tools.publish(
    'discardNotification',
    { tableId: row.id, answeredAt: new Date(tools.now).toISOString() },
    { to: 'all', tableId: row.id },
  );
}

/**
 * Waiter calls (spec 2.6, 4 "Table call"): a customer at a table calls, the table stays called
 * until an owner device dismisses it, by the outbox call or by the spec's socket event.
 */
export async function tableCallsPlugin(app: FastifyInstance): Promise<void> {
  mutationRoute(
    app,
    userTableCall,
    async ({ body, db, now, change, publish }) => {
      const venue = await requireVenue(db, body.ownerId);
      const table = await requireVenueTable(db, venue.id, body.tableId);
      // A table calls at most once every 2 minutes (every phone at it): WAITER_CALL_COOLDOWN_MS.
      const last = await lastCall(db, table.id);
      if (last && now - last.calledAt < WAITER_CALL_COOLDOWN_MS) {
        throw new AppError('RATE_LIMITED', t.waiterCallTooSoon);
      }
      // Still called: nobody has answered yet, ringing again would only add noise.
      if (table.called) return { success: true };
      await recordCall(db, venue.id, table.id, now);
      const row = await setTableCalled(db, venue.id, table.id, true);
      if (!row) throw new Error('table vanished inside its transaction');
      change('table', row.id, 'put', tableWire(row));
      await reputOpenOrder(db, row, change);
      publish('calledService', { tableId: row.id, number: row.number }, { to: 'owners' });
      return { success: true };
    },
    {
      venueOf: ({ body }) => body.ownerId,
      // A phone tapping the button in a loop must not flood the venue's tablets.
      rateLimit: { max: 10, timeWindow: 60_000 },
    },
  );

  /** What the table's phones show under 'Chiama il cameriere': received, answered, wait. */
  route(app, calls.userTableCallGet, async ({ body }) => {
    const call = await app.store.port.read(async (db) => {
      const venue = await requireVenue(db, body.ownerId);
      const table = await requireVenueTable(db, venue.id, body.tableId);
      return callState(db, table.id, app.clock.nowMs());
    });
    return { success: true, call };
  });

  mutationRoute(app, calls.dashboardCallDiscard, async (ctx) => {
    await discard(ctx, ctx.venueId, ctx.body.tableId);
    return { success: true };
  });

  // The spec's socket way: `discardCalledTable {tableId, ownerId}` from an owner's socket.
  app.hub.onClientEvent('discardCalledTable', async ({ socket, data }) => {
    if (socket.role !== 'owner' || data.ownerId !== socket.venueId) {
      app.hub.strayFrame(socket, 'discardCalledTable');
      return;
    }
    await app.sync.execute({
      scope: 'live:discardCalledTable',
      userId: socket.userId,
      requester: socket.socketId,
      headers: {},
      rawBody: data,
      parse: () => data,
      prepare: async () => undefined,
      venueId: () => socket.venueId,
      socketId: () => socket.socketId,
      run: (_body, _prepared, tools) => discard(tools, socket.venueId, data.tableId),
    });
  });
}
