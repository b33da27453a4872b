// `npm run soak -- kill-loop`: the kill loop of tests/reliability/kill-loop.ts at soak size
// (50 phones sending 2,000 orders, 10 tablets pushing 4,000 owner mutations, 30 SIGKILLs of the
// server process with a restart on the same database after each). `KILL_SEED` replays a seed,
// `SOAK_KILL_POINTS` changes the number of kills. Fails (after emitting its figures) when anything
// acknowledged was lost or applied twice.
import { runKillLoop } from '../reliability/kill-loop.ts';

type Emit = (line: Record<string, unknown>) => void;

export async function soak(emit: Emit): Promise<void> {
  const seed = Number(process.env.KILL_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const killPoints = Number(process.env.SOAK_KILL_POINTS ?? 30);
  const r = await runKillLoop({
    seed,
    customers: 50,
    sendsPerCustomer: 40,
    tablets: 10,
    mutationsPerTablet: 400,
    killPoints,
    slotCapacity: 40,
    deadlineMs: 15 * 60_000,
  });
  const figure = (name: string, value: unknown) => emit({ soak: 'kill-loop', figure: name, value });
  figure('seed', r.seed);
  figure('kill_points', r.killPoints);
  figure('orders_acknowledged', r.ordersAcknowledged);
  figure('orders_found', r.ordersFound);
  figure('orders_refused', r.ordersRefused);
  figure('duplicates_found', r.duplicatesFound);
  figure('orders_answered_from_storage', r.ordersAnsweredFromStorage);
  figure('mutations_sent', r.mutationsSent);
  figure('mutations_applied_or_refused_once', r.mutationsAppliedOrRefusedOnce);
  figure('mutations_answered_from_storage', r.mutationsAnsweredFromStorage);
  figure('slots_over_capacity', r.slotsOverCapacity);
  figure('change_log_gaps', r.changeLogGaps);
  figure('integrity_check', r.integrity);
  figure('requests_without_answer', r.noAnswer);
  figure('server_errors', r.serverErrors);
  figure('loop_s', Math.round(r.durationMs / 1000));
  if (r.problems.length > 0 || r.killPoints !== killPoints) {
    throw new Error(
      `kill loop seed ${seed}: ${r.killPoints}/${killPoints} kills; ${r.problems.length} problems:\n` +
        r.problems.slice(0, 20).join('\n'),
    );
  }
}
