import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { lastMutationOf, registerTestRoutes, rename, storedVenueName } from '../../test-support/kits/sync.ts';
import { createOwner, createTestApp, type Owner, post, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let owner: Owner;
afterEach(async () => {
  await t?.close();
});

const venueName = () => storedVenueName(t.app.store.db, owner.venueId);
const lastMutation = (clientId: string) => lastMutationOf(t.app.store.db, clientId);

/** A quota's 429 means "not now": the same send retried later is judged afresh, never replayed. */
describe('sync core: a quota refusal is not a stored answer', () => {
  for (const outcome of ['quota', 'quota-early'] as const) {
    it(`${outcome}: the mutation id does not advance and the retry applies`, async () => {
      t = await createTestApp({ before: registerTestRoutes });
      owner = await createOwner(t);
      const client = randomUUID();
      const headers = { 'x-client-id': client, 'x-mutation-id': '1' };
      const refused = await post(t.app, rename.path, { name: 'Da Gennaro', outcome }, owner.cookie, headers);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(await lastMutation(client)).toBe(0);
      const applied = await post(t.app, rename.path, { name: 'Da Gennaro' }, owner.cookie, headers);
      expect(applied.statusCode).toBe(200);
      expect(await venueName()).toBe('Da Gennaro');
      expect(await lastMutation(client)).toBe(1);
    });

    it(`${outcome}: an Idempotency-Key is not bound to the 429`, async () => {
      t = await createTestApp({ before: registerTestRoutes });
      owner = await createOwner(t);
      const key = { 'idempotency-key': randomUUID() };
      const body = { name: 'Da Gennaro', outcome };
      expect((await post(t.app, rename.path, body, owner.cookie, key)).statusCode).toBe(429);
      // The same key and body, once the quota allows: judged afresh (the test route refuses
      // again, as its outcome says; what matters is that it is not answered from storage).
      const again = await post(t.app, rename.path, body, owner.cookie, key);
      expect(again.statusCode).toBe(429);
      expect(again.headers['x-comanda-replayed']).toBeUndefined();
    });
  }
});
