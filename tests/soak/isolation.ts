import { isolationCasesTried, type Judge } from '../../sync-server/test-support/isolation/judge.ts';
import { runLiveMatrix } from '../../sync-server/test-support/isolation/live.ts';
import { coverageProblems, runOwnerMatrix } from '../../sync-server/test-support/isolation/matrix.ts';
import { runOwnerPowers, runReads, runRoles } from '../../sync-server/test-support/isolation/roles.ts';
import { buildTwoVenues } from '../../sync-server/test-support/two-venues.ts';

/**
 * The long version of the tenant isolation matrix (the fast one is
 * sync-server/test/security/isolation-*.test.ts, same code): each round builds two fresh venues
 * per direction (A against B, then B against A) and runs every owner call, the push and every
 * live event with every id of the victim in every id field (not a sample of the other kinds) plus
 * 20 generated bodies per call template with several fields the victim's at once, the reads, the
 * owner powers of the customer calls and the non-owner roles.
 *
 *   node --import tsx -e "import('./tests/soak/isolation.ts').then((m) => m.soak(console.log))"
 *
 * Environment: SOAK_ISOLATION_ROUNDS (default 2), SOAK_SEED (default 20251111). Figures:
 * `cases` (requests, pushed mutations and live frames tried) and `leaks` (failures: a victim
 * changed, its data in an answer, a 5xx or an accepted cross-venue id; must be 0).
 */
export async function soak(emit: (line: Record<string, unknown>) => void): Promise<void> {
  const rounds = Number(process.env.SOAK_ISOLATION_ROUNDS ?? 2);
  const baseSeed = Number(process.env.SOAK_SEED ?? 20_251_111);
  const startedCases = isolationCasesTried();
  const started = Date.now();
  const failures: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const seed = baseSeed + round;
    // A fresh pair of venues per direction: the first run's creations (ids of the victim's other
    // kinds taken as new ids, replaced options) would leave the second one's victim ids stale.
    for (const direction of ['a', 'b'] as const) {
      const world = await buildTwoVenues();
      try {
        const [attacker, victim] = direction === 'a' ? [world.a, world.b] : [world.b, world.a];
        failures.push(...coverageProblems(world));
        const judges: Judge[] = [
          ...(await runRoles(world, seed)),
          await runReads(world, attacker, victim, seed),
          await runOwnerPowers(world, attacker, victim, seed),
          await runLiveMatrix(world, attacker, victim, { seed, mismatched: 'all' }),
          await runOwnerMatrix(world, attacker, victim, { seed, mismatched: 'all', combos: 20 }),
        ];
        for (const judge of judges) failures.push(...judge.failures);
      } finally {
        await world.close();
      }
    }
  }
  for (const line of failures.slice(0, 50)) console.error(`isolation: ${line}`);
  emit({ soak: 'isolation', figure: 'cases', value: isolationCasesTried() - startedCases, rounds });
  emit({ soak: 'isolation', figure: 'leaks', value: failures.length });
  emit({ soak: 'isolation', figure: 'seconds', value: Math.round((Date.now() - started) / 1000) });
}
