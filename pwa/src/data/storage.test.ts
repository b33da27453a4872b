import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeClient, makeServer } from '../test/sync-fixture.ts';
import { StorageError } from './errors.ts';

const stops: Array<() => void> = [];
afterEach(() => {
  for (const s of stops.splice(0)) s();
  vi.restoreAllMocks();
});

describe('IndexedDB failures', () => {
  it('reopens a database that was closed under the app (iOS) and carries on', async () => {
    const { db, client } = makeClient(makeServer());
    stops.push(() => client.stop());
    await client.mutate('roomAdd', { id: 'r1', name: 'A' });
    db.close();
    expect(db.isOpen()).toBe(false);
    await expect(client.mutate('roomAdd', { id: 'r2', name: 'B' })).resolves.toBe(2);
    expect(await db.outbox.count()).toBe(2);
  });

  it('shows a full disk instead of swallowing it', async () => {
    const { db, client } = makeClient(makeServer());
    stops.push(() => client.stop());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(db.outbox, 'add').mockImplementation(() => {
      throw Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
    });
    const failure = await client.mutate('roomAdd', { id: 'r1', name: 'A' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(StorageError);
    expect((failure as StorageError).kind).toBe('quota');
    expect(client.problem$.value).toMatchObject({ kind: 'storage' });
    expect(await db.outbox.count()).toBe(0);
  });
});
