/**
 * Fault tests (DESIGN.md "Testing"), nothing acknowledged is lost, nothing is applied twice: the
 * fast kill loop (kill-loop.ts) with 50 customer phones, 10 tablets and 3 SIGKILLs of the real
 * server process, on the embedded SQLite file (kill-loop.pg.test.ts: the same on PostgreSQL).
 * Replay a failure: `KILL_SEED=<seed> npx vitest run --project reliability kill-loop`.
 */
import { it } from 'vitest';
import { runKillLoop } from './kill-loop.ts';
import { expectNothingLost } from './kill-loop-expect.ts';

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
  expectNothingLost(r, { killPoints: 3, mutationsSent: 300, ordersAtLeast: 50 });
});
