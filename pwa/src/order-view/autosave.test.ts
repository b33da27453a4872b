import { calls } from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ComandaDb } from '../data/db.ts';
import { mutate, rewritePending } from '../data/outbox.ts';
import { freshDbName } from '../test/sync-fixture.ts';
import { type ModifyBody, type ModifyQueue, OrderAutosave } from './autosave.ts';

const L1 = '11111111-1111-4111-8111-111111111111';
const L2 = '22222222-2222-4222-8222-222222222222';

/** An outbox in memory: entries can be marked as tried, as the replayer does. */
function fakeQueue() {
  const entries = new Map<number, { body: ModifyBody; tried: boolean }>();
  let next = 1;
  const queue: ModifyQueue = {
    mutate: vi.fn(async (_name, body) => {
      entries.set(next, { body, tried: false });
      return next++;
    }),
    rewritePending: vi.fn(async (id, body) => {
      const e = entries.get(id);
      if (!e || e.tried) return false;
      e.body = body as ModifyBody;
      return true;
    }),
  };
  return { queue, entries };
}

describe('order view autosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves a quantity change about 3 s after the last change, naming only that line', async () => {
    const { queue, entries } = fakeQueue();
    const a = new OrderAutosave('t1', queue);
    a.edit({ id: L1, amount: 2 }, 'value');
    await vi.advanceTimersByTimeAsync(2000);
    a.edit({ id: L1, amount: 3 }, 'value');
    await vi.advanceTimersByTimeAsync(2999);
    expect(queue.mutate).not.toHaveBeenCalled();
    expect(a.unsaved().lines.get(L1)).toEqual({ id: L1, amount: 3 });
    await vi.advanceTimersByTimeAsync(1);
    expect(queue.mutate).toHaveBeenCalledTimes(1);
    expect(entries.get(1)?.body).toEqual({ tableId: 't1', reservations: [{ id: L1, amount: 3 }] });
    expect(a.hasUnsaved()).toBe(false);
  });

  it('saves a delete or restore about 1 s after', async () => {
    const { queue, entries } = fakeQueue();
    const a = new OrderAutosave('t1', queue);
    a.edit({ id: L2, status: 'owner_deleted' }, 'delete');
    await vi.advanceTimersByTimeAsync(999);
    expect(queue.mutate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(entries.get(1)?.body.reservations).toEqual([{ id: L2, status: 'owner_deleted' }]);
  });

  it('rewrites its one unsent outbox entry instead of queueing another', async () => {
    const { queue, entries } = fakeQueue();
    const a = new OrderAutosave('t1', queue);
    a.edit({ id: L1, price: 1050 }, 'value');
    await vi.advanceTimersByTimeAsync(3000);
    a.edit({ id: L2, status: 'owner_deleted' }, 'delete');
    await vi.advanceTimersByTimeAsync(1000);
    a.edit({ id: L1, amount: 4 }, 'value');
    a.setDiscount(150);
    await vi.advanceTimersByTimeAsync(3000);
    expect(queue.mutate).toHaveBeenCalledTimes(1);
    expect(queue.rewritePending).toHaveBeenCalledTimes(2);
    expect(entries.size).toBe(1);
    expect(entries.get(1)?.body).toEqual({
      tableId: 't1',
      reservations: [
        { id: L1, price: 1050, amount: 4 },
        { id: L2, status: 'owner_deleted' },
      ],
      sconto: 150,
    });
  });

  it('queues a new entry once the replayer has tried the previous one', async () => {
    const { queue, entries } = fakeQueue();
    const a = new OrderAutosave('t1', queue);
    a.edit({ id: L1, amount: 2 }, 'value');
    await vi.advanceTimersByTimeAsync(3000);
    const first = entries.get(1);
    if (first) first.tried = true;
    a.edit({ id: L2, amount: 5 }, 'value');
    await vi.advanceTimersByTimeAsync(3000);
    expect(queue.mutate).toHaveBeenCalledTimes(2);
    expect(entries.get(2)?.body.reservations).toEqual([{ id: L2, amount: 5 }]);
  });

  it('keeps showing a saved edit briefly, until the outbox has been read back', async () => {
    const { queue } = fakeQueue();
    const a = new OrderAutosave('t1', queue);
    a.edit({ id: L1, amount: 2 }, 'value');
    await a.flush();
    expect(a.unsaved().lines.get(L1)).toEqual({ id: L1, amount: 2 });
    await vi.advanceTimersByTimeAsync(1500);
    expect(a.unsaved().lines.size).toBe(0);
  });

  it("'Termina' (flush) saves at once and stops the timers", async () => {
    const { queue } = fakeQueue();
    const a = new OrderAutosave('t1', queue);
    a.edit({ id: L1, amount: 2 }, 'value');
    await a.flush();
    expect(queue.mutate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(queue.mutate).toHaveBeenCalledTimes(1);
  });
});

describe('order view autosave on the real outbox', () => {
  it('leaves one outbox entry, rewritten while unsent', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const db = new ComandaDb(freshDbName());
      const queue: ModifyQueue = {
        mutate: (name, body) => mutate(db, calls, name, body),
        rewritePending: (id, body) => rewritePending(db, id, body),
      };
      const a = new OrderAutosave('t1', queue);
      a.edit({ id: L1, amount: 2 }, 'value');
      await vi.advanceTimersByTimeAsync(3000);
      await a.flush();
      a.edit({ id: L1, amount: 3 }, 'value');
      await vi.advanceTimersByTimeAsync(3000);
      await a.flush();
      const all = await db.outbox.toArray();
      expect(all).toHaveLength(1);
      expect(all[0]?.name).toBe('dashboardTableModify');
      expect(all[0]?.body).toEqual({ tableId: 't1', reservations: [{ id: L1, amount: 3 }] });
      db.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
