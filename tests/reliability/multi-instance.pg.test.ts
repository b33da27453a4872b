/**
 * Hosted, several instances over one PostgreSQL (DESIGN.md "Where it runs", "Testing"): two real
 * server processes, phones and tablets spread over them failing over like a load balancer, one
 * instance SIGKILLed in the middle of the burst and started again, a tablet that went offline
 * replaying its outbox through the other instance (multi-instance.ts). Nothing acknowledged is
 * lost or applied twice, no slot over capacity, every device converges, live events and login
 * limits span both instances.
 * Replay a failure: `MULTI_SEED=<seed> npx vitest run --project reliability-pg multi-instance`.
 */
import { afterEach, expect, it } from 'vitest';
import { runMultiInstance } from './multi-instance.ts';
import { freshDatabase } from './pg-database.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

it('two instances on one PostgreSQL, one SIGKILLed in a burst: nothing lost, nothing twice, every device converges', async () => {
  const seed = Number(process.env.MULTI_SEED ?? Math.floor(Math.random() * 2 ** 31));
  console.log(
    `multi-instance: seed ${seed} (replay: MULTI_SEED=${seed} npx vitest run --project reliability-pg multi-instance)`,
  );
  const database = await freshDatabase();
  cleanups.push(database.drop);
  const tablets = 8;
  const mutationsPerTablet = 30;
  const r = await runMultiInstance({
    seed,
    databaseUrl: database.url,
    customers: 40,
    sendsPerCustomer: 3,
    tablets,
    mutationsPerTablet,
    // One kill: a restart takes seconds on a busy 2-core machine, and a second kill (of B) would
    // mostly find the burst over; the runner takes more for longer runs.
    kills: 1,
    slotCapacity: 3,
    deadlineMs: 120_000,
    log: (line) => console.log(line),
  });
  const { problems, ...figures } = r;
  console.log(`multi-instance: seed ${seed}: ${JSON.stringify(figures)}`);
  const why = `seed ${seed}:\n${problems.slice(0, 40).join('\n')}`;
  expect(problems, why).toEqual([]);
  expect(r.killed, why).toEqual(['A']);
  expect(r.starts, why).toEqual({ A: 2, B: 1 });
  expect(r.noAnswer, 'the kills cut requests in flight').toBeGreaterThan(0);
  expect(r.failovers, 'clients moved to the other instance').toBeGreaterThan(0);
  // Every acknowledged order stored once (the live check's order among them).
  expect(r.ordersAcknowledged, why).toBeGreaterThan(40);
  expect(r.ordersFound, why).toBe(r.ordersAcknowledged);
  expect(r.duplicatesFound, why).toBe(0);
  // Every mutation judged once, whichever instance judged it and whichever was asked again.
  expect(r.mutationsSent, why).toBe(tablets * mutationsPerTablet);
  expect(r.mutationsAppliedOrRefusedOnce, why).toBe(r.mutationsSent);
  expect(r.slotsOverCapacity, why).toBe(0);
  expect(r.changeLogGaps, why).toBe(0);
  expect(r.integrity, why).toBe('ok');
  // The offline tablet: its whole outbox went through B, the push lost as it dropped answered
  // there from what A had stored.
  expect(r.offlineReplayed, why).toBeGreaterThan(mutationsPerTablet / 2);
  expect(r.offlineLostJudged, why).toBeGreaterThan(0);
  expect(r.offlineLostAnsweredFromStorage, why).toBe(r.offlineLostJudged);
  // Every device converged on the one state both instances answer.
  expect(r.mirrorsConverged, why).toBe(tablets);
  expect(r.mirrorResets, why).toBe(0);
  expect(r.liveAcross, why).toBe(true);
  // One login limit over both instances: the configured number of failures in total.
  expect(r.login, why).toEqual({ accountFailuresAllowed: 10, addressFailuresAllowed: 20 });
});
