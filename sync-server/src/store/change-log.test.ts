import { afterEach, describe, expect, it } from 'vitest';
import { createOwner, createTestApp, rowCounts, type TestApp } from '../../test-support/test-app.ts';
import { appendChanges, logCursor } from './change-log.ts';

/*
 * The change log's append on both stores (the sync-server-pg project runs it on PostgreSQL): the
 * version bump checks itself, since on PostgreSQL COMMIT is already on its way behind it.
 */

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

describe('change log append', () => {
  it('appends under the next version; a version moved under the lock fails the whole transaction', async () => {
    t = await createTestApp();
    const { venueId } = await createOwner(t);
    const port = t.app.store.port;
    const change = { entity: 'thing', entityId: 't1', op: 'put' as const, data: { n: 1 } };

    const version = await port.writeVenue(venueId, async (db, last) => {
      const cursor = await logCursor(db, venueId);
      return appendChanges(db, venueId, cursor, [change], 1000, last);
    });
    const read = await port.read((db) => logCursor(db, venueId));
    expect(read?.version).toBe(version);

    // A cursor that is not the venue's version any more: as if another write had moved it.
    const before = await rowCounts(t.app);
    await expect(
      port.writeVenue(venueId, async (db, last) => {
        const cursor = await logCursor(db, venueId);
        if (!cursor) throw new Error('no venue');
        return appendChanges(db, venueId, { ...cursor, version: cursor.version - 1 }, [change], 2000, last);
      }),
    ).rejects.toThrow();
    expect(await rowCounts(t.app)).toEqual(before);
    expect((await port.read((db) => logCursor(db, venueId)))?.version).toBe(version);
  });
});
