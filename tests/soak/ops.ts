// `npm run soak -- ops`: online backups and graceful shutdowns at soak size. Several backups
// (`npm run backup`, a child process) over minutes of orders, each copy verified whole and
// restored (a server started on it, the same device carrying on); then several SIGTERM/restart
// rounds with 50 live clients and orders in flight. `OPS_SEED` replays a seed, `SOAK_OPS_MINUTES`,
// `SOAK_OPS_BACKUPS` and `SOAK_OPS_SHUTDOWNS` size it. Fails (after emitting its figures) when a
// copy was not whole or restorable, or an in-flight order was lost or applied twice.
import { percentile } from '../reliability/backup-kit.ts';
import { backupUnderLoad } from '../reliability/backup-scenario.ts';
import { shutdownAndReconnect } from '../reliability/shutdown-scenario.ts';

type Emit = (line: Record<string, unknown>) => void;

export async function soak(emit: Emit): Promise<void> {
  const seed = Number(process.env.OPS_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const minutes = Number(process.env.SOAK_OPS_MINUTES ?? 3);
  const backups = Number(process.env.SOAK_OPS_BACKUPS ?? 8);
  const shutdowns = Number(process.env.SOAK_OPS_SHUTDOWNS ?? 3);
  const figure = (name: string, value: unknown) => emit({ soak: 'ops', figure: name, value });
  const problems: string[] = [];
  figure('seed', seed);

  const run = await backupUnderLoad({
    seed,
    customers: 10,
    backups,
    durationMs: minutes * 60_000,
    restoreAll: true,
    paceMs: 100,
  });
  const verified = run.backups.filter(
    (b) =>
      b.exitCode === 0 &&
      b.problems.length === 0 &&
      b.missingLines.length === 0 &&
      b.unknownLines.length === 0,
  );
  const restored = run.restores.filter(
    (r) =>
      r.healthy &&
      r.problemsBefore.length === 0 &&
      r.problemsAfter.length === 0 &&
      r.migrations[0] === r.migrations[1] &&
      r.carriedOn.mutation === 200 &&
      r.carriedOn.changes.status === 200 &&
      r.carriedOn.order === 200,
  );
  const ms = run.backups.map((b) => b.copyMs).sort((a, b) => a - b);
  const cliMs = run.backups.map((b) => b.ms).sort((a, b) => a - b);
  figure('orders_acknowledged', run.ordersAcked);
  figure('backups_taken', run.backups.length);
  figure('backups_verified', verified.length);
  figure('backups_restored', restored.length);
  figure('backup_ms_p50', Math.round(percentile(ms, 50)));
  figure('backup_ms_max', Math.round(ms.at(-1) ?? 0));
  figure('backup_command_ms_p50', Math.round(percentile(cliMs, 50)));
  figure('backup_mb_last', Math.round(((run.backups.at(-1)?.bytes ?? 0) / 1_048_576) * 10) / 10);
  figure('orders_failed_during_backups', run.failures.length);
  if (run.backups.length !== backups) problems.push(`${run.backups.length} of ${backups} backups taken`);
  if (verified.length !== run.backups.length) problems.push('a backup did not verify');
  if (restored.length !== run.restores.length) problems.push('a restored copy did not serve on');
  if (run.failures.length > 0) problems.push(`orders failed during backups: ${run.failures[0]}`);

  const spreads: number[] = [];
  let densest = 0;
  let lost = 0;
  let exitMsMax = 0;
  let badExits = 0;
  let reconnected = 0;
  for (let i = 0; i < shutdowns; i++) {
    const r = await shutdownAndReconnect({ seed: seed + i, sockets: 50, burst: 30 });
    spreads.push(r.spreadMs);
    densest = Math.max(densest, r.maxPer100ms);
    lost += r.inFlightLost;
    exitMsMax = Math.max(exitMsMax, r.exit.ms);
    if (r.exit.code !== 0 || r.slowOrder.status !== 200) badExits += 1;
    reconnected += r.reconnected;
    if (r.problems.length > 0) problems.push(...r.problems);
  }
  spreads.sort((a, b) => a - b);
  figure('shutdowns', shutdowns);
  figure('shutdown_exit_ms_max', Math.round(exitMsMax));
  figure('shutdowns_not_clean', badExits);
  figure('reconnected', reconnected);
  figure('reconnect_spread_ms', Math.round(percentile(spreads, 50)));
  figure('reconnect_max_per_100ms', densest);
  figure('in_flight_lost', lost);
  if (lost > 0) problems.push(`${lost} in-flight orders lost or doubled`);
  if (badExits > 0) problems.push(`${badExits} shutdowns not clean`);
  if (reconnected !== shutdowns * 50)
    problems.push(`${reconnected} of ${shutdowns * 50} clients reconnected`);
  if (problems.length > 0) throw new Error(problems.join('; '));
}
