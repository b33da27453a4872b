import { afterAll, beforeAll, it } from 'vitest';
import { fingerprint } from '../../test-support/isolation/tenant-probe.ts';
import { post } from '../../test-support/test-app.ts';
import { calls } from '@comanda/shared-schema';
import { buildTwoVenues, type TwoVenues } from '../../test-support/two-venues.ts';

let world: TwoVenues;
beforeAll(async () => {
  world = await buildTwoVenues();
});
afterAll(async () => {
  await world?.close();
});

it('times', async () => {
  await fingerprint(world.t, world.fake, world.b);
  let started = performance.now();
  for (let i = 0; i < 200; i++) await fingerprint(world.t, world.fake, world.b);
  console.log('fingerprint ms', (performance.now() - started) / 200);
  started = performance.now();
  for (let i = 0; i < 200; i++) await post(world.t.app, calls.roomsEdit.path, { id: world.b.rooms.main, name: 'x' }, world.a.owner.cookie);
  console.log('refused call ms', (performance.now() - started) / 200);
});
