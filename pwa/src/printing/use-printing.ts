import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useSyncClient } from '../data/hooks.ts';
import type { PrintJob } from './job-store.ts';
import type { PrintServiceState } from './print-service.ts';
import { activePrinting, onPrintingChange, printingFor } from './printing.ts';

/** Starts this session's print connection (idempotent) while an owner screen that prints is shown. */
export function usePrintRuntime(): void {
  const sync = useSyncClient();
  useEffect(() => {
    printingFor(sync);
  }, [sync]);
}

function subscribeActive(listener: () => void): () => void {
  let sub = activePrinting()?.state$.subscribe(listener);
  const off = onPrintingChange(() => {
    sub?.unsubscribe();
    sub = activePrinting()?.state$.subscribe(listener);
    listener();
  });
  return () => {
    off();
    sub?.unsubscribe();
  };
}

/** The running print service's state, or null before any owner screen started one. */
export function usePrintState(): PrintServiceState | null {
  return useSyncExternalStore(
    subscribeActive,
    () => activePrinting()?.state ?? null,
    () => null,
  );
}

/**
 * Spec 8: the printer is flagged as erroring (retries run out, or no bridge address): the
 * direct print button gives way to 'stampa con il browser'. A boolean, so the hundred tickets
 * that read it re-render only when it flips.
 */
export function usePrinterError(): boolean {
  return useSyncExternalStore(
    subscribeActive,
    () => activePrinting()?.state.printer.printerError ?? false,
    () => false,
  );
}

/** `/owner/print`: the browser-print view of some jobs, or of every waiting one. */
export function printViewHref(jobs: readonly PrintJob[] | 'waiting'): string {
  if (jobs === 'waiting') return '/owner/print?waiting=1';
  const params = new URLSearchParams();
  for (const job of jobs) params.append('job', job.jobId);
  return `/owner/print?${params}`;
}

/** A stable getter of the session's service, for event handlers. */
export function usePrinting(): () => ReturnType<typeof printingFor> {
  const sync = useSyncClient();
  return useCallback(() => printingFor(sync), [sync]);
}
