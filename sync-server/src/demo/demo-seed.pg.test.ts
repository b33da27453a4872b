import { afterEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { venues } from '../db/schema.ts';

/*
 * Hosted, several instances start at once on one database (a deploy, a restart of them all): with
 * COMANDA_DEMO=1 on an empty one, the demo venue is seeded once and every instance serves it. (On
 * SQLite one process owns the file: no such start.)
 */

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(1).map((t) => t.app.close()));
  await apps.pop()?.close();
});

it('two instances starting together on one empty database seed the demo venue once', async () => {
  // The database first, with no venue (COMANDA_DEMO unset); then two instances start on it at once.
  const empty = await createTestApp();
  await empty.app.close();
  const env = { COMANDA_DEMO: '1', COMANDA_DEMO_PASSWORD: 'demo-password' };
  const both = await Promise.all([
    createTestApp({ env, dir: empty.dir }),
    createTestApp({ env, dir: empty.dir }),
  ]);
  apps.push(...both);
  const demos = both.map((t) => t.app.demo);
  expect(demos.map((d) => d?.created).sort()).toEqual([false, true]);
  expect(demos[0]?.venueId).toBe(demos[1]?.venueId);
  const rows = await both[0]?.app.store.db.select({ id: venues.id }).from(venues);
  expect(rows).toHaveLength(1);
});
