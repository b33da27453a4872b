/**
 * Fault tests (DESIGN.md "Testing"), nothing acknowledged is lost, nothing is applied twice: the
 * fast kill loop (kill-loop.ts) with 50 customer phones, 10 tablets and 3 SIGKILLs of the real
 * server process.
 * Replay a failure: `KILL_SEED=<seed> npx vitest run --project reliability kill-loop`.
 */
import { expect, it } from 'vitest';
import { runKillLoop } from './kill-loop.ts';

it('SIGKILL under load: every acknowledged order stored once, every mutation judged once', async () => {
  const seed = Number(process.env.KILL_SEED ?? Math.floor(Math.random() * 2 ** 31));
  console.log(
    `kill loop: seed ${seed} (replay: KILL_SEED=${seed} npx vitest run --project reliability kill-loop)`,
  );
  const r = await runKillLoop({
    seed,
    customers: 50,
    sendsPerCustomer: 3,
    tablets: 10,
    mutationsPerTablet: 30,
    killPoints: 3,
    slotCapacity: 3,
    deadlineMs: 120_000,
  });
  const { problems, ...figures } = r;
  console.log(`kill loop: seed ${seed}: ${JSON.stringify(figures)}`);
  const why = `seed ${seed}:\n${problems.slice(0, 40).join('\n')}`;
  expect(problems, why).toEqual([]);
  expect(r.killPoints, why).toBe(3);
  expect(r.noAnswer, 'the kills cut requests in flight').toBeGreaterThan(0);
  expect(r.ordersAcknowledged, why).toBeGreaterThan(50);
  expect(r.ordersFound, why).toBe(r.ordersAcknowledged);
  expect(r.duplicatesFound, why).toBe(0);
  expect(r.mutationsSent, why).toBe(300);
  expect(r.mutationsAppliedOrRefusedOnce, why).toBe(r.mutationsSent);
  expect(r.slotsOverCapacity, why).toBe(0);
  expect(r.changeLogGaps, why).toBe(0);
  expect(r.integrity, why).toBe('ok');
  expect(r.changeLogReplayed, 'the change log replayed onto the first snapshot').toBe(true);
});
