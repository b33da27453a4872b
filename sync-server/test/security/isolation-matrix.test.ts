import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolationCasesTried, type Judge } from '../../test-support/isolation/judge.ts';
import {
  coverageProblems,
  idFieldProblems,
  ownerCallNames,
  runOwnerMatrix,
} from '../../test-support/isolation/matrix.ts';
import { runOwnerPowers, runReads, runRoles } from '../../test-support/isolation/roles.ts';
import { buildTwoVenues, type TwoVenues } from '../../test-support/two-venues.ts';

/**
 * Tenant isolation over HTTP: owner A ('Alfa') against owner B ('Zeta') on every owner call and the
 * push, B's ids in every id field; every owner read; customers, guests and signed-out callers on
 * every owner call. The seed picks the ids of other kinds tried per field.
 */
const SEED = Number(process.env.ISOLATION_SEED ?? 20_251_111);

let world: TwoVenues;
beforeAll(async () => {
  world = await buildTwoVenues();
});
afterAll(async () => {
  await world?.close();
  console.log(`isolation matrix (HTTP): ${isolationCasesTried()} cases tried, seed ${SEED}`);
});

function report(judge: Judge, what: string) {
  const statuses = [...judge.statuses].sort(([x], [y]) => x - y).map(([s, n]) => `${s}x${n}`);
  console.log(`${what}: ${judge.cases} cases (${statuses.join(' ')})`);
  expect(judge.failures.slice(0, 40), `${judge.failures.length} failures, seed ${SEED}`).toEqual([]);
}

// Hundreds of calls each: on a busy 2-core machine they take longer than the project's 20 s.
describe('tenant isolation matrix', { timeout: 120_000 }, () => {
  it('covers every owner call: the table, the registered routes and shared-schema agree', () => {
    expect(ownerCallNames().length).toBeGreaterThan(50);
    expect(coverageProblems(world)).toEqual([]);
    // And every id field of their bodies is one the matrix fills.
    expect(idFieldProblems()).toEqual([]);
  });

  it("owner A with B's ids on every owner call and through the push: refused, B unchanged, nothing of B shown", async () => {
    report(
      await runOwnerMatrix(world, world.a, world.b, { seed: SEED, mismatched: 'sample' }),
      'owner calls',
    );
  });

  it('owner reads never show B, whatever the query', async () => {
    report(await runReads(world, world.a, world.b, SEED), 'reads');
  });

  it("the customer calls' owner powers are refused at another venue", async () => {
    report(await runOwnerPowers(world, world.a, world.b, SEED), 'owner powers');
  });

  it('customers, guests and signed-out callers reach no owner call; neither venue changes', async () => {
    const [onB, onA] = await runRoles(world, SEED);
    report(onB, 'non-owners');
    expect(onA.failures).toEqual([]);
  });
});
