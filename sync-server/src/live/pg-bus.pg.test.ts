import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase } from '../../test-support/pg/embedded.ts';
import type { LiveMessage } from './bus.ts';
import { createPgBus, type PgLiveBus } from './pg-bus.ts';

/*
 * The live bus between instances on PostgreSQL's LISTEN/NOTIFY: two buses on one database stand
 * for two server instances.
 */

const adminUrl = process.env.DATABASE_URL ?? '';
let url = '';
const buses: PgLiveBus[] = [];
const silent = { warn: () => {} };

beforeAll(async () => {
  url = await createDatabase(adminUrl);
});
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});
afterAll(async () => {
  await dropDatabase(adminUrl, url);
});

async function instance(): Promise<{ bus: PgLiveBus; heard: LiveMessage[] }> {
  const bus = createPgBus(url, silent);
  buses.push(bus);
  const heard: LiveMessage[] = [];
  bus.subscribe((message) => heard.push(message));
  await bus.ready();
  return { bus, heard };
}

const message = (n: number, data: unknown = { n }): LiveMessage => ({
  venueId: 'v1',
  event: 'order',
  data,
  version: n,
  to: 'owners',
});

describe('the PostgreSQL live bus', () => {
  it("delivers a message to its own instance at once and to the other's once, in order", async () => {
    const one = await instance();
    const two = await instance();
    for (let n = 1; n <= 50; n++) one.bus.publish(message(n));
    // At once, here: the local sockets do not wait for the database.
    expect(one.heard.map((m) => m.version)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    await expect.poll(() => two.heard.length).toBe(50);
    expect(two.heard.map((m) => m.version)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // Its own notifications, coming back, are not delivered twice.
    expect(one.heard).toHaveLength(50);
  });

  it('keeps the order of a burst mixing small and overflowing messages, sent without waiting', async () => {
    const one = await instance();
    const two = await instance();
    const big = (n: number) => message(n, { n, note: 'x'.repeat(9000) });
    for (let n = 1; n <= 200; n++) one.bus.publish(n % 7 === 0 ? big(n) : message(n));
    await expect.poll(() => two.heard.length).toBe(200);
    expect(two.heard.map((m) => m.version)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(JSON.stringify(two.heard[6]?.data)).toContain('x'.repeat(9000));
  });

  it('carries a message bigger than a notification through the overflow table', async () => {
    const one = await instance();
    const two = await instance();
    const lines = Array.from({ length: 300 }, (_, i) => ({
      id: `line-${i}`,
      name: 'Pizza margherita',
      note: 'x'.repeat(40),
    }));
    one.bus.publish(message(1, { table: { lines } }));
    one.bus.publish(message(2));
    await expect.poll(() => two.heard.length).toBe(2);
    expect(two.heard[0]?.data).toEqual({ table: { lines } });
    expect(two.heard.map((m) => m.version)).toEqual([1, 2]);
  });

  it('listens again after its connection is cut (a database restart), and hears what comes next', async () => {
    const one = await instance();
    const two = await instance();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'comanda-live' AND query LIKE 'LISTEN%'",
      );
    } finally {
      await admin.end();
    }
    // Sent until both listen again: what is sent while one is down is missed by it (see pg-bus.ts).
    await expect
      .poll(() => {
        one.bus.publish(message(7));
        return two.heard.some((m) => m.version === 7) && one.heard.length > 0;
      })
      .toBe(true);
    two.bus.publish(message(8));
    await expect.poll(() => one.heard.some((m) => m.version === 8)).toBe(true);
  });
});
