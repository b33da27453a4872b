import { calls } from '@comanda/shared-schema';
import { afterEach, expect, it } from 'vitest';
import { cartLine, orderBody, placeOrder, setupVenue, type Venue } from '../../test-support/kits/ordering.ts';
import { changeLog } from '../../test-support/kits/rooms.ts';

/**
 * The 'order' row of a table's open order carries fields of its table (x, y, status, isCalled).
 * A change to the table alone must write the order row again, or a device that caught up through
 * the change log holds another row than the snapshot (tests/sync/offline-restart.test.ts found
 * it: the tablets never converged after a table with an order was moved).
 */
let venue: Venue;
afterEach(async () => {
  await venue.app.close();
});

/** The last 'order' put of the change log for `orderId`, as a device replaying it would hold it. */
const loggedOrder = async (orderId: string) =>
  (await changeLog(venue.app, venue.owner.venueId))
    .filter((c) => c.entity === 'order' && c.entityId === orderId && c.op === 'put')
    .at(-1)?.data;

const snapshotOrder = async () =>
  (await venue.app.app.sync.snapshot(venue.owner.venueId)).rows.find((r) => r.entity === 'order');

it('moving, flagging or calling a table with an open order re-puts the order row as the snapshot has it', async () => {
  venue = await setupVenue();
  const order = await placeOrder(venue, orderBody(venue, [cartLine(venue.menu.birra, 1)]));
  expect(order.statusCode, order.body).toBe(200);
  const row = await snapshotOrder();
  if (!row) throw new Error('no open order in the snapshot');

  const steps: Array<[string, unknown]> = [
    [calls.tablesSetCoords.path, { tableId: venue.tableId, x: 321, y: 654 }],
    [calls.tablesSetStatus.path, { id: venue.tableId, status: false }],
  ];
  for (const [path, body] of steps) {
    const res = await venue.tablet.send(path, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(await loggedOrder(row.entityId)).toEqual((await snapshotOrder())?.data);
  }
  const call = await venue.app.app.inject({
    method: 'POST',
    url: calls.userTableCall.path,
    headers: { cookie: venue.guest },
    payload: { ownerId: venue.owner.venueId, tableId: venue.tableId },
  });
  expect(call.statusCode, call.body).toBe(200);
  expect((await snapshotOrder())?.data).toMatchObject({ isCalled: true, x: 321, y: 654, status: 0 });
  expect(await loggedOrder(row.entityId)).toEqual((await snapshotOrder())?.data);
  const discard = await venue.tablet.send(calls.dashboardCallDiscard.path, { tableId: venue.tableId });
  expect(discard.statusCode, discard.body).toBe(200);
  expect(await loggedOrder(row.entityId)).toEqual((await snapshotOrder())?.data);
});
