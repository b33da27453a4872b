import {
  type Body,
  type Calls,
  PRINTER_RETRY_MS,
  type PrintData,
  type PrinterKind,
} from '@comanda/shared-schema';
import { liveQuery } from 'dexie';
import { call } from '../data/api.ts';
import { entitiesQuery } from '../data/hooks.ts';
import { safeLocalStorage } from '../data/safe-storage.ts';
import type { SyncClient } from '../data/sync-client.ts';
import { bridgeUrl } from './bridge-address.ts';
import { adoptUnbound, createJobStore } from './job-store.ts';
import { PrintConnection } from './print-connection.ts';
import { PrintService } from './print-service.ts';

type PrinterBody = Body<Calls['printerTable']>;

/** The four printer calls share body and answer; each kind is its own path (spec 7). */
const PRINTER_CALLS: Record<PrinterKind, (body: PrinterBody) => Promise<{ data: PrintData }>> = {
  dash_orderPrinter_table: (body) => call('printerDashTable', body),
  dash_orderPrinter_R_C: (body) => call('printerDashDelivery', body),
  orderPrinter_table: (body) => call('printerTable', body),
  orderPrinter_R_C: (body) => call('printerDelivery', body),
};

/**
 * Test hook: the end-to-end test stops the bridge and waits for the 10 retries, which take 50 s
 * at the spec's 5 s. It sets this local-storage key to a shorter pause before the app loads;
 * nothing else does, and only shorter pauses are taken, so production keeps 5 s x 10.
 */
export const RETRY_OVERRIDE_KEY = 'comanda.printRetryMs';

function retryMs(): number {
  const value = Number(safeLocalStorage()?.getItem(RETRY_OVERRIDE_KEY));
  return Number.isFinite(value) && value >= 50 && value < PRINTER_RETRY_MS ? value : PRINTER_RETRY_MS;
}

let current: { sync: SyncClient; service: PrintService; stopAddress: () => void } | null = null;
const listeners = new Set<() => void>();

/**
 * The venue's print service for this owner session: one per sync client (one device database,
 * one venue), made and started on first use and kept for the session, since the delivery desk,
 * the dashboard and the owner's ordering all print through it. A new sync client (another
 * venue, a new login) replaces it.
 */
export function printingFor(sync: SyncClient): PrintService {
  if (current?.sync === sync) return current.service;
  if (current) {
    current.stopAddress();
    current.service.stop();
  }
  const store = createJobStore(sync.db.name);
  adoptUnbound(store);
  const retry = retryMs();
  const connection = new PrintConnection({ retryMs: retry });
  const service = new PrintService({
    store,
    connection,
    retryMs: retry,
    fetchPayload: async (kind, body) => (await PRINTER_CALLS[kind](body)).data,
    markPrinted: (body) => sync.mutate('dashboardTablePrint', body),
    mutationState: async (id) => {
      const entry = await sync.db.outbox.get(id);
      if (!entry || entry.status === 'acked') return 'done';
      return entry.status === 'refused' ? 'refused' : 'pending';
    },
    watchOutbox: (changed) => {
      const sub = liveQuery(() => sync.db.outbox.where('status').equals('pending').count()).subscribe({
        next: changed,
        error: () => {},
      });
      return () => sub.unsubscribe();
    },
    refresh: () => void sync.catchUp(),
  });
  // The bridge's address is the venue's `ownerIp` in the device database: a change made on
  // another tablet (the profile) reaches this one through the change log. The screens' query of
  // the venue row, shared: one more query of its own re-ran on every outbox write.
  const address = entitiesQuery(sync, 'business').subscribe(
    (rows) => {
      const row = rows[0];
      if (row) connection.setAddress(bridgeUrl(row.ownerIp));
    },
    (err: unknown) => console.warn('print: venue settings unreadable', err),
  );
  service.start();
  current = { sync, service, stopAddress: () => address.unsubscribe() };
  for (const listener of [...listeners]) listener();
  return service;
}

/** Stops the running service (tests; a session that ends). Its jobs stay stored. */
export function stopPrinting(): void {
  if (!current) return;
  current.stopAddress();
  current.service.stop();
  current = null;
  for (const listener of [...listeners]) listener();
}

/** The running print service, if an owner screen started one in this tab. */
export function activePrinting(): PrintService | null {
  return current?.service ?? null;
}

/** Told when the running service changes (for hooks that follow it). */
export function onPrintingChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
