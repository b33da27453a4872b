/**
 * The kill loop (kill-loop.ts) on PostgreSQL, the hosted store (DESIGN.md "Where it runs",
 * "Testing"): the same 50 customer phones, 10 tablets and 3 SIGKILLs of the real server process
 * as kill-loop.test.ts, the server on a migrated database of its own, and the same checks read
 * from that database afterwards (amcheck standing in for SQLite's integrity_check).
 * Replay a failure: `KILL_SEED=<seed> npx vitest run --project reliability-pg kill-loop`.
 */
import { afterEach, it } from 'vitest';
import { runKillLoop } from './kill-loop.ts';
import { expectNothingLost } from './kill-loop-expect.ts';
import { freshDatabase } from './pg-database.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

it('SIGKILL under load on PostgreSQL: every acknowledged order stored once, every mutation judged once', async () => {
  const seed = Number(process.env.KILL_SEED ?? Math.floor(Math.random() * 2 ** 31));
  console.log(
    `kill loop (PostgreSQL): seed ${seed} (replay: KILL_SEED=${seed} npx vitest run --project reliability-pg kill-loop)`,
  );
  const database = await freshDatabase();
  cleanups.push(database.drop);
  const r = await runKillLoop({
    seed,
    customers: 50,
    sendsPerCustomer: 3,
    tablets: 10,
    mutationsPerTablet: 30,
    killPoints: 3,
    slotCapacity: 3,
    deadlineMs: 120_000,
    databaseUrl: database.url,
  });
  expectNothingLost(r, { killPoints: 3, mutationsSent: 300, ordersAtLeast: 50 });
});
