import { carriesMutations } from './boundary.ts';
import { sleep, synced, waitFor } from './checks.ts';
import { Device } from './device.ts';
import { drawMutation, ENTITIES, Rng } from './mutations.ts';
import type { ServerHandle } from './server.ts';

export interface RandomRunOptions {
  seed: number;
  devices: number;
  operations: number;
  /** Per mutation request: chance of each boundary fault. */
  faults: { dropAnswer: number; duplicate: number; unavailable: number; failBeforeSend: number };
  /** Per versioned live frame (poke): chance to drop it, to deliver it twice. */
  pokes: { drop: number; duplicate: number };
  /** Per operation: chance that it flips a device offline/online instead of mutating. */
  flip: number;
}

export interface RandomRunStats {
  mutations: number;
  flips: number;
  restartAt: number;
  faults: number;
}

/**
 * Drives the randomized case: `operations` steps, each on a random device: a mutation drawn from
 * `generators` on what that device shows, or going offline/online. One server restart at a
 * random step in the middle half. Every device has a live socket whose pokes may be dropped or
 * duplicated, and a network that may lose answers, duplicate, 503 or fail requests. Returns with
 * the faults still on; `quiesce` ends them.
 */
export async function runRandomized(
  server: ServerHandle,
  opts: RandomRunOptions,
  register: (d: Device) => void,
): Promise<{ devices: Device[]; stats: RandomRunStats }> {
  const rng = new Rng(opts.seed);
  const devices: Device[] = [];
  const stats: RandomRunStats = { mutations: 0, flips: 0, restartAt: 0, faults: 0 };
  for (let i = 0; i < opts.devices; i++) {
    // A stream of its own per device: timing-driven draws (retry jitter, faults, pokes) do not
    // shift the operations drawn from `rng`.
    const own = new Rng(opts.seed + 7919 * (i + 1));
    const d = new Device(server, () => own.next());
    register(d);
    const { dropAnswer, duplicate, unavailable, failBeforeSend } = opts.faults;
    const faults = [
      ['drop-answer', dropAnswer],
      ['duplicate', duplicate],
      ['unavailable', unavailable],
      ['fail-before-send', failBeforeSend],
    ] as const;
    d.net.rule = (req) => {
      if (!carriesMutations(req)) return null;
      // One draw per mutation a push carries: batching must not make faults rarer per mutation.
      for (let i = 0; i < Math.max(1, req.carried?.length ?? 0); i++) {
        const fault = own.weighted(faults);
        if (fault) {
          stats.faults++;
          return fault;
        }
      }
      return null;
    };
    d.net.frameRule = () => {
      const r = own.next();
      return r < opts.pokes.drop
        ? 'drop'
        : r < opts.pokes.drop + opts.pokes.duplicate
          ? 'duplicate'
          : 'deliver';
    };
    d.openTab({ live: true });
    devices.push(d);
  }
  await Promise.all(devices.map(synced));
  await liveUp(devices);

  const quarter = Math.floor(opts.operations / 4);
  stats.restartAt = quarter + rng.int(2 * quarter);
  for (let step = 0; step < opts.operations; step++) {
    if (step === stats.restartAt) await server.restart();
    const d = rng.pick(devices)!;
    if (rng.chance(opts.flip)) {
      stats.flips++;
      if (d.net.online) d.goOffline();
      else d.goOnline();
    } else {
      const { call, body } = drawMutation({ rng, view: await d.composed(ENTITIES) });
      // The generator table builds bodies for its own call; the outbox validates them.
      await d.client.mutate(call, body as never);
      stats.mutations++;
    }
    await sleep(rng.int(6));
  }
  return { devices, stats };
}

export async function liveUp(devices: Device[], timeoutMs = 15_000): Promise<void> {
  await waitFor(
    'every live socket connected',
    () => devices.every((d) => d.tabs.every((t) => t.live?.status$.value === 'connected')),
    timeoutMs,
  );
}

/**
 * Every device comes back online and the outboxes drain while duplicated requests and lost or
 * doubled pokes go on (the faults that cost no retry backoff, so the drain takes a second, not
 * ten); then every fault ends. Answers when every outbox is sent.
 */
export async function quiesce(devices: Device[]): Promise<void> {
  for (const d of devices) {
    const rule = d.net.rule;
    d.net.rule = (req) => (rule?.(req) === 'duplicate' ? 'duplicate' : null);
    d.goOnline();
  }
  await liveUp(devices);
  await waitFor(
    'every outbox sent',
    async () => {
      const pending = await Promise.all(
        devices.map((d) => d.tab.db.outbox.where('status').equals('pending').count()),
      );
      return pending.every((n) => n === 0);
    },
    30_000,
  );
  for (const d of devices) {
    d.net.rule = null;
    d.net.frameRule = null;
  }
}
