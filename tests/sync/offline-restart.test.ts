/**
 * Fault tests (DESIGN.md "Testing"): a tablet offline for 30 minutes with 500 queued mutations
 * reconnects to a server that restarted in between, and everything converges. The REAL PWA data
 * layer (Dexie on fake-indexeddb, outbox, replayer, catch-up, live socket) on every tablet, against
 * the real server on a loopback port (server.ts); while tablet A is offline, tablet B keeps
 * mutating and customer phones keep sending orders (Idempotency-Key, resent through the restart).
 * The 30 minutes pass on the server's clock (`app.clock.advance`, re-applied to the restarted app),
 * not in real time: sessions (30 days, sliding), the opening hours and the stored answers all read
 * that clock.
 *
 * Replay: it prints its seed; `OFFLINE_SEED=<seed> npx vitest run --project sync offline-restart`.
 */
import { calls, type MenuDish, minutesToHhmm, romeTime, SYNC_HEADERS } from '@comanda/shared-schema';
import { afterEach, expect, it } from 'vitest';
import { uuid } from '../../pwa/src/data/uuid.ts';
import { newSeen, postUntilAnswered, sessionCookieOf } from '../reliability/kill-http.ts';
import {
  expectConverged,
  expectCreatedOnce,
  expectJudgedOnce,
  expectNoVersionGap,
  settle,
  sleep,
  synced,
} from './checks.ts';
import { Device } from './device.ts';
import { drawMutation, ENTITIES, Rng } from './mutations.ts';
import { liveUp } from './randomized.ts';
import { ServerHandle } from './server.ts';

const THIRTY_MINUTES = 30 * 60_000;
const QUEUED = 500;
const CUSTOMERS = 3;

let server: ServerHandle | null = null;
const devices: Device[] = [];

afterEach(async () => {
  for (const d of devices.splice(0)) d.close();
  await server?.close();
  server = null;
});

/**
 * The venue the customers order from, through the owner's own endpoints (a set-up client id):
 * open from an hour ago to three hours ahead on the server's clock, a room with three tables, a
 * category with one dish.
 */
async function prepareVenue(s: ServerHandle): Promise<{ tableIds: string[] }> {
  const setup = uuid();
  let mutationId = 0;
  const send = async (path: string, body: unknown) => {
    const status = await s.inject(path, body, setup, ++mutationId);
    if (status !== 200) throw new Error(`set-up ${path}: ${status}`);
  };
  const now = romeTime(s.app.clock.nowMs()).minutes;
  await send(calls.ownerProfileSet.path, {
    openingTime: minutesToHhmm(now - 60),
    closingTime: minutesToHhmm(now + 180),
  });
  const roomId = uuid();
  await send(calls.roomsAdd.path, { id: roomId, name: 'Sala clienti' });
  const tableIds = [uuid(), uuid(), uuid()];
  for (const [i, id] of tableIds.entries()) {
    await send(calls.tablesAdd.path, { id, roomId, x: 100 + 200 * i, y: 100 });
  }
  const categoryId = uuid();
  await send(calls.ownerCategoryAdd.path, { id: categoryId, name: 'Pizze', area: 'cucina' });
  await send(calls.ownerDishAdd.path, { id: uuid(), name: 'Margherita', price: 800, categoryId });
  return { tableIds };
}

/** A customer phone: table orders one after another, each resent with its key until answered. */
async function customer(
  s: ServerHandle,
  tableIds: string[],
  rng: Rng,
  done: () => boolean,
  acked: Array<{ tableId: string; lineIds: string[] }>,
): Promise<void> {
  const seen = newSeen();
  const login = await postUntilAnswered(
    `${s.base}${calls.userLogin.path}`,
    { isAnonymus: true },
    {},
    seen,
    () => 100,
  );
  const cookie = sessionCookieOf(login.headers);
  const menu = await postUntilAnswered(
    `${s.base}${calls.userMenuGet.path}`,
    { businessId: s.businessId },
    { cookie },
    seen,
    () => 100,
  );
  const dishes = (menu.body as { data: MenuDish[] }).data;
  while (!done()) {
    const tableId = rng.pick(tableIds) ?? '';
    const cart = dishes.map((d) => ({ ...d, amount: 1 + rng.int(3), variants: [] }));
    const res = await postUntilAnswered(
      `${s.base}${calls.userOrder.path}`,
      { cart, tableId, ownerId: s.businessId },
      { cookie, [SYNC_HEADERS.idempotencyKey]: `offline-${rng.uuid()}` },
      seen,
      () => 50 + rng.int(100),
    );
    // A table tablet A or B deleted meanwhile is refused (TABLE_INVALID): nothing stored.
    if (res.status === 200) {
      acked.push({ tableId, lineIds: (res.body as { lines: Array<{ id: string }> }).lines.map((l) => l.id) });
    }
    await sleep(20 + rng.int(80));
  }
  expect(seen.serverErrors).toEqual([]);
}

it('a tablet offline for 30 minutes with 500 queued mutations converges after a server restart', async () => {
  const seed = Number(process.env.OFFLINE_SEED ?? Math.floor(Math.random() * 2 ** 31));
  console.log(
    `offline-restart: seed ${seed} (replay: OFFLINE_SEED=${seed} npx vitest run --project sync offline-restart)`,
  );
  const started = performance.now();
  const s = await ServerHandle.start();
  server = s;
  const { tableIds } = await prepareVenue(s);
  const rng = new Rng(seed);
  const device = (salt: number) => {
    const own = new Rng((seed + 7919 * salt) >>> 0);
    const d = new Device(s, () => own.next());
    devices.push(d);
    d.openTab({ live: true });
    return d;
  };
  const a = device(1);
  const b = device(2);
  await Promise.all([synced(a), synced(b)]);
  await liveUp([a, b]);

  // Tablet A loses the network; B and the customers carry on.
  a.goOffline();
  let done = false;
  const acked: Array<{ tableId: string; lineIds: string[] }> = [];
  const bRng = new Rng((seed + 1) >>> 0);
  const others = Promise.all([
    (async () => {
      while (!done) {
        const { call, body } = drawMutation({ rng: bRng, view: await b.composed(ENTITIES) });
        await b.client.mutate(call, body as never);
        await sleep(10 + bRng.int(40));
      }
    })(),
    ...Array.from({ length: CUSTOMERS }, (_, i) =>
      customer(s, tableIds, new Rng((seed + 104729 * (i + 1)) >>> 0), () => done, acked),
    ),
  ]);

  const restartAt = 100 + rng.int(QUEUED - 200);
  for (let i = 0; i < QUEUED; i++) {
    if (i === restartAt) {
      // The venue box restarts while A is away; when it is back, 30 minutes have gone by.
      await s.restart();
      s.app.clock.advance(THIRTY_MINUTES);
    }
    const { call, body } = drawMutation({ rng, view: await a.composed(ENTITIES) });
    await a.client.mutate(call, body as never);
  }
  expect((await a.meta()).nextMutationId - 1).toBe(QUEUED);
  expect(await a.tab.db.outbox.where('status').equals('pending').count()).toBe(QUEUED);
  done = true;
  await others;
  const clientA = (await a.meta()).clientId;
  expect(await s.lastMutationId(clientA)).toBe(0);

  a.goOnline();
  await liveUp([a, b]);
  // One more change after both are back: its poke reaches both, whatever they missed.
  await b.client.mutate('ownerChatToggle', {});
  await settle([a, b], s, 60_000);

  for (const d of [a, b]) {
    await expectConverged(d, s);
    await expectJudgedOnce(d, s);
  }
  // Each of the 500 was applied or refused exactly once, its stored answer the one A holds.
  const answers = await s.answers(clientA);
  expect(answers).toHaveLength(QUEUED);
  expect(await s.lastMutationId(clientA)).toBe(QUEUED);
  await expectNoVersionGap(s);
  await expectCreatedOnce([a, b], s);
  // Every order a customer was told was stored is stored, once.
  const lineIds = acked.flatMap((o) => o.lineIds);
  expect((await s.tableOrderLineIds()).sort()).toEqual([...lineIds].sort());

  const refused = answers.filter((x) => x.status !== 200).length;
  console.log(
    `offline-restart: seed ${seed}: ${QUEUED} queued offline (${refused} refused), restart at ${restartAt}, ` +
      `B sent ${(await b.meta()).nextMutationId - 1}, customers stored ${acked.length} orders, ` +
      `version ${await s.version()}, ${Math.round(performance.now() - started)} ms`,
  );
}, 150_000);
