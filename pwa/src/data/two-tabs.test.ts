import { afterEach, describe, expect, it } from 'vitest';
import { freshDbName, makeClient, makeServer } from '../test/sync-fixture.ts';
import type { LockManagerLike } from './lock.ts';

const stops: Array<() => void> = [];
afterEach(() => {
  for (const s of stops.splice(0)) s();
});

/** A Web Locks stand-in shared by the two "tabs", recording how many held the lock at once. */
function sharedLocks() {
  let held = 0;
  let maxHeld = 0;
  let tail: Promise<unknown> = Promise.resolve();
  const locks: LockManagerLike = {
    request<T>(_name: string, cb: () => Promise<T>): Promise<T> {
      const run = tail.then(async () => {
        held++;
        maxHeld = Math.max(maxHeld, held);
        try {
          return await cb();
        } finally {
          held--;
        }
      });
      tail = run.catch(() => undefined);
      return run;
    },
  };
  return { locks, maxHeld: () => maxHeld };
}

describe('two tabs on one database', () => {
  it('never send the same mutation twice', async () => {
    const server = makeServer();
    const name = freshDbName();
    const { locks, maxHeld } = sharedLocks();
    const tabA = makeClient(server, { dbName: name, locks });
    const tabB = makeClient(server, { dbName: name, locks });
    stops.push(
      () => tabA.client.stop(),
      () => tabB.client.stop(),
    );
    for (let i = 1; i <= 4; i++) await tabA.client.mutate('roomAdd', { id: `a${i}`, name: `A${i}` });
    for (let i = 1; i <= 4; i++) await tabB.client.mutate('roomAdd', { id: `b${i}`, name: `B${i}` });
    await Promise.all([
      tabA.client.replayer.trigger({ force: true }),
      tabB.client.replayer.trigger({ force: true }),
      tabA.client.replayer.trigger({ force: true }),
      tabB.client.replayer.trigger({ force: true }),
    ]);
    expect(server.mutationIds()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(maxHeld()).toBe(1);
    expect((await tabB.db.outbox.toArray()).every((e) => e.status === 'acked')).toBe(true);
  });

  it('never send the same mutation twice across batches, while both keep queueing', async () => {
    const server = makeServer();
    const name = freshDbName();
    const { locks, maxHeld } = sharedLocks();
    const tabA = makeClient(server, { dbName: name, locks });
    const tabB = makeClient(server, { dbName: name, locks });
    stops.push(
      () => tabA.client.stop(),
      () => tabB.client.stop(),
    );
    const drains: Promise<void>[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 60; i++) {
        const tab = i % 2 ? tabB : tabA;
        await tab.client.mutate('roomAdd', { id: `r${round}-${i}`, name: `Sala ${round}.${i}` });
      }
      drains.push(
        tabA.client.replayer.trigger({ force: true }),
        tabB.client.replayer.trigger({ force: true }),
      );
    }
    await Promise.all(drains);
    await tabA.client.replayer.trigger({ force: true });
    expect(server.mutationIds()).toEqual(Array.from({ length: 180 }, (_, i) => i + 1));
    expect(maxHeld()).toBe(1);
    expect(server.pushSizes().every((n) => n <= 100)).toBe(true);
    expect((await tabA.db.outbox.toArray()).every((e) => e.status === 'acked')).toBe(true);
  });

  it('without Web Locks the page lock still serialises the replayers of one page', async () => {
    const server = makeServer();
    const name = freshDbName();
    const tabA = makeClient(server, { dbName: name });
    const tabB = makeClient(server, { dbName: name });
    stops.push(
      () => tabA.client.stop(),
      () => tabB.client.stop(),
    );
    for (let i = 1; i <= 5; i++) await tabA.client.mutate('roomAdd', { id: `r${i}`, name: `R${i}` });
    await Promise.all([
      tabA.client.replayer.trigger({ force: true }),
      tabB.client.replayer.trigger({ force: true }),
    ]);
    expect(server.mutationIds()).toEqual([1, 2, 3, 4, 5]);
  });
});
