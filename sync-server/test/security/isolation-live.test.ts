import { calls, SYNC_HEADERS } from '@comanda/shared-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolationCasesTried, type Judge } from '../../test-support/isolation/judge.ts';
import {
  liveCoverageProblems,
  liveStatus,
  runEavesdrop,
  runLiveMatrix,
  runQuietNeighbour,
  VENUE_WIDE_EVENTS,
} from '../../test-support/isolation/live.ts';
import { post } from '../../test-support/test-app.ts';
import { buildTwoVenues, cartOf, type TwoVenues, type VenueWorld } from '../../test-support/two-venues.ts';

/**
 * Tenant isolation on the live connection (`/live`, DESIGN.md "Live connection"): client events
 * with another venue's ids, sockets listening to another venue, and the upgrade's access check.
 */
const SEED = Number(process.env.ISOLATION_SEED ?? 20_251_111);

let world: TwoVenues;
beforeAll(async () => {
  world = await buildTwoVenues();
});
afterAll(async () => {
  await world?.close();
  console.log(`isolation matrix (live): ${isolationCasesTried()} cases tried, seed ${SEED}`);
});

function report(judge: Judge, what: string) {
  console.log(`${what}: ${judge.cases} cases`);
  expect(judge.failures.slice(0, 40), `${judge.failures.length} failures, seed ${SEED}`).toEqual([]);
}

/** A venue's ordinary evening: every kind of owner and customer event it makes. */
async function busyEvening(w: VenueWorld) {
  const send = async (path: string, body?: unknown) => {
    const res = await w.tablet.send(path, body);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  };
  await send(calls.dashboardStatusSet.path, { id: w.lines.t1[1]?.id, status: 'completed' });
  await send(calls.ownerChatSend.path, { tableId: w.tables.t1, text: `${w.marker}un attimo` });
  await send(calls.dashboardTableOutOfMenuAdd.path, {
    tableId: w.tables.t1,
    line: { name: `${w.marker}Caffè`, price: 120, selected_option: 'bar' },
  });
  await send(calls.deliveryChangeStatusPay.path, { deliveryId: w.deliveries.pending, status: 1 });
  for (let i = 0; i < 2; i++) {
    await send(calls.ownerOrderToggle.path);
    await send(calls.ownerChatToggle.path);
  }
  await send(calls.ownerDishEdit.path, { id: w.dishes.birra.id, description: `${w.marker}artigianale` });
  await send(calls.ownerProfileSet.path, { messaggioChiusura: `${w.marker}a domani` });
  const order = await post(
    world.t.app,
    calls.userOrder.path,
    { cart: [cartOf(w.dishes.birra, 1)], tableId: w.tables.t2, ownerId: w.owner.venueId },
    world.guest,
    { [SYNC_HEADERS.idempotencyKey]: crypto.randomUUID() },
  );
  expect(order.statusCode, order.body).toBe(200);
}

describe('tenant isolation on the live connection', () => {
  it('the matrix covers every client event', () => {
    expect(liveCoverageProblems()).toEqual([]);
  });

  it("client events with B's ids from A's sockets change nothing of B and reach none of B's sockets", async () => {
    report(await runLiveMatrix(world, world.a, world.b, { seed: SEED, mismatched: 'sample' }), 'live events');
  });

  it('the upgrade refuses a table of another venue, and nobody signed out', async () => {
    const { a, b } = world;
    const cases: Array<[string, string | undefined, number]> = [
      [`ownerId=${b.owner.venueId}&tableId=${a.tables.t1}`, world.customer, 403],
      [`ownerId=${a.owner.venueId}&tableId=${b.tables.t1}`, a.owner.cookie, 403],
      [`ownerId=${b.owner.venueId}&tableId=${b.rooms.main}`, a.owner.cookie, 403],
      [`ownerId=${b.tables.t1}`, world.customer, 403],
      [`ownerId=${b.owner.venueId}`, undefined, 401],
      [`ownerId=${b.owner.venueId}&tableId=${b.tables.t1}`, undefined, 401],
    ];
    for (const [query, cookie, status] of cases)
      expect(await liveStatus(world, query, cookie), query).toBe(status);
  });

  it("A's owner session and customers on B's venue hear only venue-wide events, never B's owner events", async () => {
    const { judge, heard, ownerHeard } = await runEavesdrop(world, world.a, world.b, () =>
      busyEvening(world.b),
    );
    report(judge, 'eavesdropping');
    // They were listening (the venue-wide events arrived) while B's tablet heard its owner events.
    expect(new Set(heard)).toEqual(new Set(VENUE_WIDE_EVENTS));
    expect(ownerHeard).toEqual(
      expect.arrayContaining(['updateTable', 'recieveMessage', 'order', 'changeStatusPay']),
    );
  });

  it("B's table phone and B's customers hear nothing of A's evening", async () => {
    const { judge, heardByOwn } = await runQuietNeighbour(world, world.a, world.b, () =>
      busyEvening(world.a),
    );
    report(judge, 'quiet neighbour');
    expect(heardByOwn).toEqual(
      expect.arrayContaining(['recieveMessage', 'order', 'enableChat', 'menuChanged']),
    );
  });
});
