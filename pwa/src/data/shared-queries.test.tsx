import { act, renderHook, waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshDbName, type Room, testMutators } from '../test/sync-fixture.ts';
import { ComandaDb } from './db.ts';
import { SyncContext, useEntities, useOutboxSummary } from './hooks.ts';
import { SyncClient } from './sync-client.ts';

const dbs: ComandaDb[] = [];
afterEach(async () => {
  const open = dbs.splice(0);
  for (const db of open) db.close();
  for (const name of new Set(open.map((db) => db.name))) await Dexie.delete(name);
});

/** An unstarted sync client on a device database holding two rooms. */
async function client(): Promise<SyncClient> {
  const db = new ComandaDb(freshDbName());
  dbs.push(db);
  await db.serverRows.bulkPut([
    { entity: 'room', entityId: 'r1', data: { id: 'r1', name: 'Sala' } },
    { entity: 'room', entityId: 'r2', data: { id: 'r2', name: 'Veranda' } },
  ]);
  return new SyncClient({ db, mutators: testMutators });
}

function wrapperOf(sync: SyncClient) {
  return ({ children }: { children: ReactNode }) => (
    <SyncContext.Provider value={sync}>{children}</SyncContext.Provider>
  );
}

const names = (rooms: readonly Room[] | undefined) => rooms?.map((r) => r.name);

describe('shared live queries', () => {
  it('reads an entity once per write for every component reading it, all given the same array', async () => {
    const sync = await client();
    const reads = vi.spyOn(sync.db, 'transaction');
    // Three readers, as the dashboard's bell, chat notice and out-of-menu picker read the tables.
    const { result } = renderHook(
      () => [useEntities('room'), useEntities('room'), useEntities('room')] as Array<Room[] | undefined>,
      { wrapper: wrapperOf(sync) },
    );
    await waitFor(() => expect(names(result.current[0])).toEqual(['Sala', 'Veranda']));
    expect(reads).toHaveBeenCalledTimes(1);

    reads.mockClear();
    await act(() =>
      sync.db.outbox.add({
        mutationId: 1,
        name: 'roomRename',
        body: { id: 'r2', name: 'Terrazza' },
        status: 'pending',
        ackVersion: null,
        ackedAt: null,
        error: null,
        errorCode: null,
        attempts: 0,
        createdAt: 0,
      }),
    );
    await waitFor(() => expect(names(result.current[0])).toEqual(['Sala', 'Terrazza']));
    expect(result.current[1]).toBe(result.current[0]);
    expect(result.current[2]).toBe(result.current[0]);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('gives a reader that comes later the answer the others hold, in its first render', async () => {
    const sync = await client();
    const wrapper = wrapperOf(sync);
    const first = renderHook(() => useEntities('room'), { wrapper });
    await waitFor(() => expect(first.result.current).toHaveLength(2));
    const seen: Array<Room[] | undefined> = [];
    renderHook(
      () => {
        const rooms = useEntities('room');
        seen.push(rooms);
        return rooms;
      },
      { wrapper },
    );
    expect(seen[0]).toBe(first.result.current);
  });

  it('stops when its last reader leaves: one that comes after reads afresh', async () => {
    const sync = await client();
    const wrapper = wrapperOf(sync);
    const first = renderHook(() => [useEntities('room'), useOutboxSummary()] as const, { wrapper });
    await waitFor(() => expect(first.result.current[1]).toEqual({ pending: 0, refused: [] }));
    await waitFor(() => expect(first.result.current[0]).toHaveLength(2));
    first.unmount();

    const seen: Array<Room[] | undefined> = [];
    const again = renderHook(
      () => {
        const rooms = useEntities('room');
        seen.push(rooms);
        return rooms;
      },
      { wrapper },
    );
    expect(seen[0]).toBeUndefined();
    await waitFor(() => expect(names(again.result.current)).toEqual(['Sala', 'Veranda']));
  });
});
