import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLog } from '../log.ts';
import type { TicketPlan } from '../routing.ts';
import { cleanupTempDirs, tempDir } from '../testing/test-bridge.ts';
import { tableSample } from '../ticket/sample.ts';
import { PrintQueue } from './queue.ts';

afterEach(cleanupTempDirs);

const plans: TicketPlan[] = [
  { printer: 'cassa', ticket: 'receipt', area: 'tutto' },
  { printer: 'cucina', ticket: 'kitchen', area: 'cucina' },
];
const at = '2025-03-21T19:31:00.000Z';

describe('PrintQueue', () => {
  it('keeps unprinted tickets across a reopen, in order, and forgets none', async () => {
    const dir = tempDir();
    const queue = await PrintQueue.open(dir, silentLog);
    const a = await queue.add('a', tableSample(), plans, at);
    await queue.add('b', tableSample(), plans, at);
    expect(await queue.markPrinted(a.tasks[0]!)).toBeNull(); // the job still has its kitchen ticket
    await queue.close();

    const again = await PrintQueue.open(dir, silentLog);
    expect(again.pendingJobs).toBe(2);
    expect(again.next('cassa')?.job.record.jobId).toBe('b');
    expect(again.next('cucina')?.job.record.jobId).toBe('a');
    expect(again.queuedFor('cucina')).toBe(2);
    const entry = await again.markPrinted(again.next('cucina')!);
    expect(entry).toMatchObject({
      jobId: 'a',
      printers: [
        { printer: 'cassa', backup: false },
        { printer: 'cucina', backup: false },
      ],
    });
    expect(again.lookup('a')).toMatchObject({ state: 'done' });
    expect(again.lookup('b')).toMatchObject({ state: 'pending' });
    expect(readdirSync(join(dir, 'queue'))).toEqual(['000000000002.json']);
    await again.close();

    const third = await PrintQueue.open(dir, silentLog);
    expect(third.lookup('a')).toMatchObject({ state: 'done', entry: { seq: 1 } });
    const c = await third.add('c', tableSample(), plans, at);
    expect(c.record.seq).toBe(3);
    await third.close();
  });

  it('ignores a journal line torn by a crash and drops a job file already journaled', async () => {
    const dir = tempDir();
    const queue = await PrintQueue.open(dir, silentLog);
    const job = await queue.add('x', tableSample(), [plans[0]!], at);
    const file = readFileSync(join(dir, 'queue', '000000000001.json'), 'utf8');
    await queue.markPrinted(job.tasks[0]!);
    await queue.close();
    // The crash came after the journal line and before the file's deletion; then a torn append.
    writeFileSync(join(dir, 'queue', '000000000001.json'), file);
    appendFileSync(join(dir, 'journal.jsonl'), '{"k":"t","seq":');
    const again = await PrintQueue.open(dir, silentLog);
    expect(again.pendingJobs).toBe(0);
    expect(again.lookup('x')).toMatchObject({ state: 'done' });
    expect(readdirSync(join(dir, 'queue'))).toEqual([]);
    await again.close();
  });

  it('moves a failing printer’s tickets to its backup, durably, and not back', async () => {
    const dir = tempDir();
    const queue = await PrintQueue.open(dir, silentLog);
    await queue.add('j1', tableSample(), plans, at);
    await queue.add('j2', tableSample(), [plans[0]!], at);
    expect(await queue.failover('cucina', 'cassa')).toBe(1);
    expect(queue.queuedFor('cucina')).toBe(0);
    expect(queue.queuedFor('cassa')).toBe(3);
    // In order of arrival at the backup: j1's two tickets, then j2's.
    const order = [] as string[];
    for (let t = queue.next('cassa'); t; t = queue.next('cassa')) {
      order.push(`${t.job.record.jobId}:${t.index}:${t.record.backup}`);
      await queue.markPrinted(t);
    }
    expect(order).toEqual(['j1:0:false', 'j1:1:true', 'j2:0:false']);
    await queue.close();
  });

  it('remembers the failover after a restart', async () => {
    const dir = tempDir();
    const queue = await PrintQueue.open(dir, silentLog);
    await queue.add('j1', tableSample(), plans, at);
    await queue.failover('cucina', 'cassa');
    await queue.close();
    const again = await PrintQueue.open(dir, silentLog);
    expect(again.queuedFor('cassa')).toBe(2);
    expect(again.queuedFor('cucina')).toBe(0);
    await again.close();
  });

  it('moves tickets of a printer that left the settings', async () => {
    const dir = tempDir();
    const queue = await PrintQueue.open(dir, silentLog);
    await queue.add('j1', tableSample(), plans, at);
    await queue.close();
    const again = await PrintQueue.open(dir, silentLog);
    expect(await again.rehome(new Set(['cassa']), () => 'cassa')).toBe(1);
    expect(again.queuedFor('cassa')).toBe(2);
    await again.close();
    const third = await PrintQueue.open(dir, silentLog);
    expect(third.queuedFor('cassa')).toBe(2);
    expect(third.next('cassa')?.record).toMatchObject({ printer: 'cassa', backup: false });
    await third.close();
  });
});
