import { calls } from '@comanda/shared-schema';
import { expect } from 'vitest';
import { byEntity, type Device } from './device.ts';
import { ENTITIES, generators } from './mutations.ts';
import type { ServerHandle } from './server.ts';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Poll until `cond` holds; fail with `label` (and the last detail) after `timeoutMs`. */
export async function waitFor(
  label: string,
  cond: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  detail?: () => unknown | Promise<unknown>,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await cond()) return;
    if (Date.now() > until) {
      const more = detail ? `\n${JSON.stringify(await detail(), null, 1)}` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for: ${label}${more}`);
    }
    await sleep(15);
  }
}

/** The device's first sync (snapshot) completed. */
export async function synced(device: Device): Promise<void> {
  await waitFor('first sync', async () => (await device.tab.db.meta.get('sync'))?.synced === true);
}

/**
 * Quiet: nothing pending or acked-but-not-caught-up in the outbox (refused entries may stay),
 * and the device's rows are at the server's version.
 */
export async function isSettled(device: Device, server: ServerHandle): Promise<boolean> {
  const meta = await device.tab.db.meta.get('sync');
  if (!meta || meta.lastVersion !== (await server.version())) return false;
  const open = await device.tab.db.outbox.where('status').anyOf('pending', 'acked').count();
  return open === 0;
}

export async function settle(devices: Device[], server: ServerHandle, timeoutMs = 10_000): Promise<void> {
  await waitFor(
    'every device settled',
    async () => (await Promise.all(devices.map((d) => isSettled(d, server)))).every(Boolean),
    timeoutMs,
    async () =>
      Promise.all(
        devices.map(async (d) => ({
          meta: await d.tab.db.meta.get('sync'),
          serverVersion: await server.version(),
          open: (await d.outbox()).filter((e) => e.status !== 'refused'),
          replayer: d.client.replayer.state$.value,
          live: d.tab.live?.status$.value,
        })),
      ),
  );
}

/** The server's offline entities, as a device holds them. */
export async function serverState(server: ServerHandle) {
  return byEntity((await server.snapshot()).rows);
}

/** What the device shows and what it stores both equal the server's snapshot. */
export async function expectConverged(device: Device, server: ServerHandle): Promise<void> {
  const want = await serverState(server);
  expect(await device.serverRows()).toEqual(want);
  expect(await device.composed(ENTITIES)).toEqual(want);
  expect((await device.meta()).lastVersion).toBe(await server.version());
}

/** The change log holds every version from the floor to the business version, with no gap. */
export async function expectNoVersionGap(server: ServerHandle): Promise<void> {
  const versions = [...new Set((await server.changeLog()).map((c) => c.version))];
  const floor = await server.logFloor();
  const want = Array.from({ length: (await server.version()) - floor }, (_, i) => floor + i + 1);
  expect(versions).toEqual(want);
}

/**
 * Every mutation the device queued was judged exactly once by the server: the counter reached
 * it, one stored answer per id, the boundary saw at most one fresh (not replayed) judgement
 * of it and otherwise lost that answer in a dropped connection, and the device's refused
 * entries are exactly the stored refusals. Only refused entries remain in the outbox.
 */
export async function expectJudgedOnce(device: Device, server: ServerHandle): Promise<void> {
  const meta = await device.meta();
  const sent = meta.nextMutationId - 1;
  expect(await server.lastMutationId(meta.clientId)).toBe(sent);
  const answers = await server.answers(meta.clientId);
  expect(answers.map((a) => a.mutationId)).toEqual(Array.from({ length: sent }, (_, i) => i + 1));
  const outbox = await device.outbox();
  expect(outbox.filter((e) => e.status !== 'refused')).toEqual([]);
  const refusedHere = outbox.map((e) => [e.mutationId, e.errorCode]);
  const refusedThere = answers.filter((a) => a.status >= 400).map((a) => [a.mutationId, a.code]);
  expect(refusedHere).toEqual(refusedThere);
  for (let id = 1; id <= sent; id++) {
    const seen = device.net.exchangesOf(meta.clientId, id);
    const fresh = seen.filter(
      (e) => e.status !== null && !e.replayed && e.status < 500 && e.code !== 'MUTATION_GAP',
    );
    const lost = seen.filter((e) => e.sent && e.status === null && !e.skipped);
    expect(fresh.length, `mutation ${id} judged ${fresh.length} times`).toBeLessThanOrEqual(1);
    if (fresh.length === 0) expect(lost.length, `mutation ${id}: no judgement seen`).toBeGreaterThan(0);
  }
}

/**
 * Each successful creation (a generator with `creates`) made its entity exactly once, in that
 * mutation's version: the first 'put' of the id is at the version of the stored answer, and
 * that version wrote it once. A duplicate or retried delivery never created it again.
 */
export async function expectCreatedOnce(devices: Device[], server: ServerHandle): Promise<void> {
  const byPath = new Map(
    generators.filter((g) => g.creates).map((g) => [calls[g.call].path, g.creates as string]),
  );
  const log = await server.changeLog();
  for (const d of devices) {
    const { clientId } = await d.meta();
    for (const answer of await server.answers(clientId)) {
      if (answer.status !== 200) continue;
      const sent = d.net.exchangesOf(clientId, answer.mutationId).find((e) => e.sent);
      const entity = sent && byPath.get(sent.path);
      if (!sent || !entity) continue;
      const id = (sent.body as { id: string }).id;
      const puts = log.filter((c) => c.entity === entity && c.entityId === id && c.op === 'put');
      expect(puts[0]?.version, `${entity} ${id}`).toBe(answer.version);
      expect(
        puts.filter((c) => c.version === answer.version),
        `${entity} ${id}`,
      ).toHaveLength(1);
    }
  }
}
