import { randomUUID } from 'node:crypto';
import {
  calls,
  ORDER_QUOTA_PER_ADDRESS,
  ORDER_QUOTA_PER_SESSION,
  ORDER_QUOTA_PER_TABLE,
  ORDER_QUOTA_WINDOW_MS,
  SYNC_HEADERS,
  t,
} from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendOk } from '../../test-support/kits/menu.ts';
import {
  cartLine,
  OPEN_NOW,
  orderBody,
  orderCounts,
  setupVenue,
  type Venue,
} from '../../test-support/kits/ordering.ts';
import { createTestApp, sessionCookie } from '../../test-support/test-app.ts';
import { orders } from '../db/schema.ts';
import { orderAddressKey } from './order-quotas.ts';

/**
 * DESIGN.md "Abuse": customers' table orders have quotas per session, per table and per address
 * (constants.ts), generous for a full evening's service. The venue Wi-Fi's one address is normal:
 * 150 phones behind it each send their rounds.
 */
let v: Venue;
const VENUE_WIFI = '203.0.113.7';

beforeEach(async () => {
  v = await setupVenue();
});
afterEach(async () => {
  await v.app.close();
});

interface Guest {
  cookie: string;
  userId: string;
}

let logins = 0;
/** A guest session; each logs in from its own address (guest logins have their own limit). */
async function guest(): Promise<Guest> {
  logins++;
  const res = await v.app.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { isAnonymus: true },
    remoteAddress: `198.51.${Math.floor(logins / 250)}.${logins % 250}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: sessionCookie(res), userId: (res.json() as { id: string }).id };
}

function send(
  who: Pick<Guest, 'cookie'>,
  tableId = v.tableId,
  opts: { address?: string; key?: string; extra?: Record<string, unknown> } = {},
) {
  return v.app.app.inject({
    method: 'POST',
    url: calls.userOrder.path,
    headers: {
      cookie: who.cookie,
      [SYNC_HEADERS.idempotencyKey]: opts.key ?? randomUUID(),
    },
    payload: orderBody(v, [cartLine(v.menu.birra, 1)], { tableId, ...opts.extra }),
    remoteAddress: opts.address ?? VENUE_WIFI,
  });
}

async function expectSent(res: Awaited<ReturnType<typeof send>>) {
  expect(res.statusCode, res.body).toBe(200);
}

/** 429 with the Italian text, and nothing written (no order, line, change or stored answer). */
async function expectQuotaRefused(sending: () => ReturnType<typeof send>) {
  const before = await orderCounts(v.app);
  const res = await sending();
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', error: t.orderQuotaExceeded });
  expect(await orderCounts(v.app)).toEqual(before);
}

async function addTables(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(
      String((await sendOk(v.tablet, calls.tablesAdd.path, { roomId: v.roomId, x: 10 + i, y: 200 })).id),
    );
  }
  return ids;
}

describe('quotas on customers’ orders', () => {
  it('per session: 20 sends in 10 minutes, then 429 with nothing stored, free again later', async () => {
    const me = await guest();
    const tables = [v.tableId, v.otherTableId];
    for (let i = 0; i < ORDER_QUOTA_PER_SESSION; i++) await expectSent(await send(me, tables[i % 2]));
    await expectQuotaRefused(() => send(me));
    await expectQuotaRefused(() => send(me, v.otherTableId));
    // Another phone at the same table is not held back by this one.
    await expectSent(await send(await guest()));
    v.app.app.clock.advance(2 * ORDER_QUOTA_WINDOW_MS);
    await expectSent(await send(me));
  });

  it('per table: 60 sends in 10 minutes from any phones, then 429; the next table is free', async () => {
    let me = await guest();
    for (let i = 0; i < ORDER_QUOTA_PER_TABLE; i++) {
      if (i > 0 && i % ORDER_QUOTA_PER_SESSION === 0) me = await guest();
      await expectSent(await send(me));
    }
    const late = await guest();
    await expectQuotaRefused(() => send(late));
    // The refused send used none of the late guest's own quota.
    for (let i = 0; i < ORDER_QUOTA_PER_SESSION; i++) await expectSent(await send(late, v.otherTableId));
  });

  it('per address: 600 in 10 minutes, the loosest; another address is apart', async () => {
    // The venue's address has already sent all but two of its quota this window.
    await v.app.app.quotas.take(
      orderAddressKey(VENUE_WIFI),
      ORDER_QUOTA_PER_ADDRESS,
      ORDER_QUOTA_WINDOW_MS,
      ORDER_QUOTA_PER_ADDRESS - 2,
    );
    await expectSent(await send(await guest()));
    await expectSent(await send(await guest(), v.otherTableId));
    await expectQuotaRefused(async () => send(await guest()));
    await expectSent(await send(await guest(), v.tableId, { address: '192.0.2.44' }));
  });

  it('a quota refusal is not the answer to its key: the same send goes through once there is room', async () => {
    const me = await guest();
    for (let i = 0; i < ORDER_QUOTA_PER_SESSION; i++) await expectSent(await send(me));
    const key = randomUUID();
    await expectQuotaRefused(() => send(me, v.tableId, { key }));
    // A replay of an accepted send is answered from storage, whatever the quota.
    const replayKey = randomUUID();
    v.app.app.clock.advance(2 * ORDER_QUOTA_WINDOW_MS);
    await expectSent(await send(me, v.tableId, { key: replayKey }));
    for (let i = 1; i < ORDER_QUOTA_PER_SESSION; i++) await expectSent(await send(me));
    const replay = await send(me, v.tableId, { key: replayKey });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers[SYNC_HEADERS.replayed]).toBe('1');
    v.app.app.clock.advance(2 * ORDER_QUOTA_WINDOW_MS);
    const retried = await send(me, v.tableId, { key });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers[SYNC_HEADERS.replayed]).toBeUndefined();
  });

  it('the owner ordering for a table is not limited', async () => {
    const owner = { cookie: v.owner.cookie };
    for (let i = 0; i < ORDER_QUOTA_PER_SESSION + 5; i++)
      await expectSent(await send(owner, v.tableId, { extra: { isOwner: true } }));
  });

  it('the limits are the configuration’s (ORDER_QUOTA_*), defaults from shared-schema', async () => {
    expect(v.app.app.config.orderQuotas).toEqual({
      perSession: ORDER_QUOTA_PER_SESSION,
      perTable: ORDER_QUOTA_PER_TABLE,
      perAddress: ORDER_QUOTA_PER_ADDRESS,
    });
    await v.app.close();
    v = await setupVenue(
      await createTestApp({ env: { COMANDA_FAKE_NOW: OPEN_NOW, ORDER_QUOTA_PER_SESSION: '2' } }),
    );
    const me = await guest();
    await expectSent(await send(me));
    await expectSent(await send(me));
    await expectQuotaRefused(() => send(me));
  });

  it('the order row records its first sender and where from', async () => {
    const first = await guest();
    const second = await guest();
    await expectSent(await send(first));
    await expectSent(await send(second, v.tableId, { address: '192.0.2.9' }));
    const [row] = await v.app.app.store.db.select().from(orders).where(eq(orders.tableId, v.tableId));
    expect(row).toMatchObject({ placedBy: first.userId, placedFrom: VENUE_WIFI });
  });

  it('a full house at 20:30: 150 phones behind the venue Wi-Fi, 30 tables, two rounds each', async () => {
    const tables = [v.tableId, v.otherTableId, ...(await addTables(28))];
    const phones: Guest[] = [];
    for (let i = 0; i < 150; i++) phones.push(await guest());
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all(phones.map((phone, i) => send(phone, tables[i % tables.length])));
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    }
    expect((await orderCounts(v.app)).order_lines).toBe(300);
    expect((await orderCounts(v.app)).orders).toBe(30);
  }, 120_000);
});
