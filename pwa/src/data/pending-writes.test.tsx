import { act, renderHook, waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshDbName, type Room, testCalls, testMutators } from '../test/sync-fixture.ts';
import { ComandaDb, type OutboxEntry } from './db.ts';
import { SyncContext, useEntities } from './hooks.ts';
import { PendingWrites } from './pending-writes.ts';
import { SyncClient } from './sync-client.ts';

const dbs: ComandaDb[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  const open = dbs.splice(0);
  for (const db of open) db.close();
  for (const name of new Set(open.map((db) => db.name))) await Dexie.delete(name);
});

async function client(): Promise<SyncClient<typeof testCalls>> {
  const db = new ComandaDb(freshDbName());
  dbs.push(db);
  await db.serverRows.bulkPut([
    { entity: 'room', entityId: 'r1', data: { id: 'r1', name: 'Sala' } },
    { entity: 'room', entityId: 'r2', data: { id: 'r2', name: 'Veranda' } },
  ]);
  return new SyncClient({ db, calls: testCalls, mutators: testMutators });
}

function wrapperOf(sync: SyncClient<typeof testCalls>) {
  return ({ children }: { children: ReactNode }) => (
    <SyncContext.Provider value={sync as unknown as SyncClient}>{children}</SyncContext.Provider>
  );
}

const names = (rooms: readonly Room[] | undefined) => rooms?.map((r) => r.name);

/** A transaction that waits for `release` before it starts, as a busy IndexedDB would. */
function holdWrites(db: ComandaDb): () => void {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const original = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  vi.spyOn(db, 'transaction').mockImplementation(((...args: unknown[]) => {
    if (args[0] !== 'rw') return original(...args);
    return gate.then(() => original(...args));
  }) as typeof db.transaction);
  return release;
}

function entry(mutationId: number, localKey?: string): OutboxEntry {
  return {
    mutationId,
    name: 'roomRename',
    body: { id: 'r1', name: 'x' },
    status: 'pending',
    ackVersion: null,
    ackedAt: null,
    error: null,
    errorCode: null,
    attempts: 0,
    createdAt: 0,
    ...(localKey ? { localKey } : {}),
  };
}

describe('pending writes: a mutation shows before its outbox write is read back', () => {
  it('draws the change while the outbox write is still waiting, and keeps it once stored', async () => {
    const sync = await client();
    const { result } = renderHook(() => useEntities('room') as Room[] | undefined, {
      wrapper: wrapperOf(sync),
    });
    await waitFor(() => expect(names(result.current)).toEqual(['Sala', 'Veranda']));

    const release = holdWrites(sync.db);
    let stored: Promise<number> | undefined;
    act(() => {
      stored = sync.mutate('roomRename', { id: 'r2', name: 'Terrazza' });
    });
    // Nothing is in IndexedDB yet: what shows comes from memory.
    expect(await sync.db.outbox.count()).toBe(0);
    expect(names(result.current)).toEqual(['Sala', 'Terrazza']);
    const shown = result.current;

    // Each read of the outbox the screen's query makes from now on, and whether it found the entry.
    const reads: Array<Promise<OutboxEntry[]>> = [];
    const toArray = sync.db.outbox.toArray.bind(sync.db.outbox);
    vi.spyOn(sync.db.outbox, 'toArray').mockImplementation((() => {
      const read = toArray();
      reads.push(read);
      return read;
    }) as typeof sync.db.outbox.toArray);
    release();
    const id = await stored;
    // Read back from the outbox, the same rows: the very array, so nothing is drawn again.
    await waitFor(async () => {
      const found = await Promise.all(reads);
      expect(found.some((rows) => rows.length === 1)).toBe(true);
    });
    await act(async () => {});
    expect(result.current).toBe(shown);
    const [saved] = await toArray();
    expect(saved?.mutationId).toBe(id);
    expect(saved?.localKey).toEqual(expect.any(String));
  });

  it('takes the change off the screen when its outbox write fails', async () => {
    const sync = await client();
    const { result } = renderHook(() => useEntities('room') as Room[] | undefined, {
      wrapper: wrapperOf(sync),
    });
    await waitFor(() => expect(names(result.current)).toEqual(['Sala', 'Veranda']));
    const release = holdWrites(sync.db);
    vi.spyOn(sync.db.outbox, 'add').mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
    let stored: Promise<number> | undefined;
    act(() => {
      stored = sync.mutate('roomRename', { id: 'r2', name: 'Terrazza' });
    });
    expect(names(result.current)).toEqual(['Sala', 'Terrazza']);
    release();
    await expect(stored).rejects.toThrow();
    await waitFor(() => expect(names(result.current)).toEqual(['Sala', 'Veranda']));
    expect(sync.problem$.value?.kind).toBe('storage');
  });

  it('never shows a body the server would refuse', async () => {
    const sync = await client();
    const { result } = renderHook(() => useEntities('room') as Room[] | undefined, {
      wrapper: wrapperOf(sync),
    });
    await waitFor(() => expect(names(result.current)).toEqual(['Sala', 'Veranda']));
    await expect(sync.mutate('roomRename', { id: 'r2', name: '' })).rejects.toMatchObject({ status: 400 });
    expect(names(result.current)).toEqual(['Sala', 'Veranda']);
    expect(await sync.db.outbox.count()).toBe(0);
  });
});

describe('PendingWrites.unseen', () => {
  it('answers what a read may have missed: uncommitted, or committed after the read began', () => {
    const pending = new PendingWrites();
    pending.add('a', 'roomRename', {}, 1);
    pending.add('b', 'roomRename', {}, 2);
    const before = pending.mark();
    pending.committed('a');
    // A read that began before the commit and did not find it: still shown from memory.
    expect(pending.unseen(before, []).map((e) => e.createdAt)).toEqual([1, 2]);
    // One that began after it finds it in the outbox (or in the server rows, once caught up).
    expect(pending.unseen(pending.mark(), []).map((e) => e.createdAt)).toEqual([2]);
    // Found by its key in what the read saw: never applied twice.
    expect(pending.unseen(before, [entry(7, 'a')]).map((e) => e.createdAt)).toEqual([2]);
  });

  it('gives provisional ids after every stored one, in the order the writes were made', () => {
    const pending = new PendingWrites();
    pending.add('a', 'roomRename', {}, 1);
    pending.add('b', 'roomRename', {}, 2);
    const [a, b] = pending.unseen(0, [entry(1_000_000)]);
    expect(a && b && a.mutationId > 1_000_000 && b.mutationId > a.mutationId).toBe(true);
  });

  it('tells its readers when a write comes or fails, not when it commits', () => {
    const pending = new PendingWrites();
    const heard = vi.fn();
    const stop = pending.subscribe(heard);
    pending.add('a', 'roomRename', {}, 1);
    pending.committed('a');
    pending.add('b', 'roomRename', {}, 2);
    pending.failed('b');
    expect(heard).toHaveBeenCalledTimes(3);
    stop();
    pending.add('c', 'roomRename', {}, 3);
    expect(heard).toHaveBeenCalledTimes(3);
  });
});
