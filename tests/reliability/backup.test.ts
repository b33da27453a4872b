// `npm run backup` while customers order and the owner edits: each copy is whole and holds
// every order acknowledged before it started; a server started on a copy is healthy, current,
// and the same device carries on against it.
import { describe, expect, it } from 'vitest';
import { backupUnderLoad } from './backup-scenario.ts';

const SEED = Number(process.env.COMANDA_SEED ?? 20_251_112);

describe('online backup under load', () => {
  it('takes consistent copies while orders flow, and a restored copy serves on', async () => {
    const started = performance.now();
    const run = await backupUnderLoad({ seed: SEED, customers: 6, backups: 2, durationMs: 4000 }).catch(
      (err: unknown) => {
        console.error(`backup under load failed with seed ${SEED} (COMANDA_SEED=${SEED} to replay)`);
        throw err;
      },
    );
    const context = `seed ${SEED}`;
    expect(run.failures, context).toEqual([]);
    expect(run.backups).toHaveLength(2);
    for (const b of run.backups) {
      expect(b.exitCode, b.stdout).toBe(0);
      expect(b.stdout).toContain(`Backup written to ${b.path}`);
      expect(b.stdout).toMatch(/MB \(\d+ bytes, \d+ pages\) in \d+ ms; integrity_check ok/);
      expect(b.bytes).toBeGreaterThan(0);
      expect(b.problems, `${b.path} (${context})`).toEqual([]);
      expect(b.missingLines, 'acknowledged before the backup began, so in the copy').toEqual([]);
      expect(b.unknownLines, 'a copy holds only orders a client saw acknowledged').toEqual([]);
      expect(b.report.lines, 'orders were flowing').toBeGreaterThan(0);
      expect(b.linesBefore.size).toBeGreaterThan(0);
    }
    // The later copy knows more than the earlier one: the copies follow the live database.
    expect(run.backups[1]!.report.lines).toBeGreaterThan(run.backups[0]!.report.lines);

    expect(run.restores).toHaveLength(1);
    const r = run.restores[0]!;
    expect(r.healthy).toBe(true);
    expect(r.problemsBefore).toEqual([]);
    expect(r.problemsAfter).toEqual([]);
    expect(r.migrations[0]).toBe(r.migrations[1]);
    // The device was ahead of the copy: the server asked for the id after the copy's last one,
    // took the renumbered mutation, sent the device back to a full reload, took a new order.
    expect(r.gapExpected).not.toBeNull();
    expect(r.carriedOn).toEqual({ mutation: 200, changes: { status: 200, reset: true }, order: 200 });
    console.log(
      JSON.stringify({
        test: 'backup',
        seed: SEED,
        ordersAcked: run.ordersAcked,
        roomsAcked: run.roomsAcked,
        backups: run.backups.map((b) => ({ bytes: b.bytes, ms: Math.round(b.ms), lines: b.report.lines })),
        ms: Math.round(performance.now() - started),
      }),
    );
  });
});
