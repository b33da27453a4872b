import { describe, expect, it } from 'vitest';
import { WorkGate, WorkGateFull } from './work-gate.ts';

/** A job the test finishes by hand, so it sees the gate's state while jobs are running. */
function job<T>(value: T) {
  let finish: () => void = () => {};
  let started = false;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    run: async () => {
      started = true;
      await done;
      return value;
    },
    finish: () => finish(),
    get started() {
      return started;
    },
  };
}

describe('WorkGate', () => {
  it('runs at most `concurrency` jobs at once, the next ones in arrival order', async () => {
    const gate = new WorkGate(2, 10);
    const jobs = [job('a'), job('b'), job('c'), job('d')];
    const results = jobs.map((j) => gate.run(j.run));
    await Promise.resolve();
    expect(jobs.map((j) => j.started)).toEqual([true, true, false, false]);
    expect(gate.stats()).toMatchObject({ active: 2, waiting: 2 });
    jobs[1]?.finish();
    await results[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(jobs.map((j) => j.started)).toEqual([true, true, true, false]);
    for (const j of jobs) j.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(gate.stats()).toEqual({ active: 0, waiting: 0, peak: 2, refused: 0 });
  });

  it('refuses at once when the wait queue is full, and frees the slot of a failed job', async () => {
    const gate = new WorkGate(1, 2);
    const running = job(1);
    const queued = [job(2), job(3)];
    const first = gate.run(running.run);
    const rest = queued.map((j) => gate.run(j.run));
    await expect(gate.run(async () => 4)).rejects.toBeInstanceOf(WorkGateFull);
    expect(gate.stats()).toMatchObject({ active: 1, waiting: 2, refused: 1 });
    running.finish();
    for (const j of queued) j.finish();
    expect(await Promise.all([first, ...rest])).toEqual([1, 2, 3]);
    await expect(
      gate.run(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await gate.run(async () => 5)).toBe(5);
    expect(gate.stats()).toMatchObject({ active: 0, waiting: 0, peak: 1 });
  });
});
