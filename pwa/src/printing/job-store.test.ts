import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptUnbound, createJobStore, JOB_MAX_AGE_MS, type PrintJob, UNBOUND_SCOPE } from './job-store.ts';

const job = (jobId: string, createdAt = Date.now()): PrintJob => ({
  jobId,
  kind: 'orderPrinter_table',
  key: 'T1',
  delivery: false,
  filter: 'tutto',
  via: 'bridge',
  createdAt,
});

afterEach(() => localStorage.clear());

describe('print job store', () => {
  it('keeps jobs in local storage, per venue, across store instances (a reload)', () => {
    const a = createJobStore('venue-a');
    a.put(job('j1'));
    a.update('j1', { queued: true });
    createJobStore('venue-b').put(job('j2'));
    expect(createJobStore('venue-a').list()).toEqual([
      { ...job('j1', a.get('j1')?.createdAt), queued: true },
    ]);
    expect(a.remove('j1')?.jobId).toBe('j1');
    expect(localStorage.getItem('comanda.printJobs.venue-a')).toBeNull();
  });

  it('hears another tab through the storage event; garbage and stale jobs are ignored', () => {
    const store = createJobStore('venue-a');
    const heard = vi.fn();
    const off = store.subscribe(heard);
    localStorage.setItem(
      'comanda.printJobs.venue-a',
      JSON.stringify([job('fresh'), job('old', Date.now() - JOB_MAX_AGE_MS - 1), { jobId: 3 }, 'x']),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: 'comanda.printJobs.venue-a' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'kitchenFilter' }));
    expect(heard).toHaveBeenCalledTimes(1);
    expect(store.list().map((j) => j.jobId)).toEqual(['fresh']);
    off();
  });

  it('blocked storage: the jobs live in memory for the page', () => {
    const store = createJobStore('venue-a', { storage: null });
    store.put(job('j1'));
    expect(store.list().map((j) => j.jobId)).toEqual(['j1']);
  });

  it('a venue adopts the jobs made before its print service started', () => {
    createJobStore(UNBOUND_SCOPE).put(job('early'));
    const store = createJobStore('venue-a');
    adoptUnbound(store);
    expect(store.list().map((j) => j.jobId)).toEqual(['early']);
    expect(createJobStore(UNBOUND_SCOPE).list()).toEqual([]);
  });
});
