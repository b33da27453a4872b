import { expect } from 'vitest';
import type { KillLoopResult } from './kill-loop.ts';

/**
 * What a kill loop run must show, on either store (kill-loop.test.ts, kill-loop.pg.test.ts):
 * nothing the clients found wrong, every kill made and cutting requests in flight, every
 * acknowledged order stored once, every mutation judged once, no slot over capacity, a gap-free
 * change log that replays onto the first snapshot, an intact store.
 */
export function expectNothingLost(
  r: KillLoopResult,
  want: { killPoints: number; mutationsSent: number; ordersAtLeast: number },
): void {
  const { problems, ...figures } = r;
  console.log(`kill loop: seed ${r.seed}: ${JSON.stringify(figures)}`);
  const why = `seed ${r.seed}:\n${problems.slice(0, 40).join('\n')}`;
  expect(problems, why).toEqual([]);
  expect(r.killPoints, why).toBe(want.killPoints);
  expect(r.noAnswer, 'the kills cut requests in flight').toBeGreaterThan(0);
  expect(r.ordersAcknowledged, why).toBeGreaterThan(want.ordersAtLeast);
  expect(r.ordersFound, why).toBe(r.ordersAcknowledged);
  expect(r.duplicatesFound, why).toBe(0);
  expect(r.mutationsSent, why).toBe(want.mutationsSent);
  expect(r.mutationsAppliedOrRefusedOnce, why).toBe(r.mutationsSent);
  expect(r.slotsOverCapacity, why).toBe(0);
  expect(r.changeLogGaps, why).toBe(0);
  expect(r.integrity, why).toBe('ok');
  expect(r.changeLogReplayed, 'the change log replayed onto the first snapshot').toBe(true);
}
