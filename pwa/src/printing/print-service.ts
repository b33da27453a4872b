import {
  type BridgeFrame,
  type BridgePrintMessage,
  type KitchenFilter,
  PRINTER_RETRY_MS,
  type PrintData,
  type PrinterKind,
  TABLE_REMOVAL_REFRESH_MS,
} from '@comanda/shared-schema';
import { BehaviorSubject, type Subscription } from 'rxjs';
import { ApiError } from '../data/errors.ts';
import { uuid as makeUuid } from '../data/uuid.ts';
import type { JobStore, PrintJob } from './job-store.ts';
import type { PrintConnection, PrinterState } from './print-connection.ts';

/** `table/print` names at most this many lines (shared-schema `dashboardTablePrint`). */
const MARK_IDS_MAX = 500;

/** What is printed: a table's order or a delivery, as the spec's calls name them. */
export type PrintTarget = { tableId: string } | { deliveryId: string };

export interface PrintRequest {
  target: PrintTarget;
  /** 'dashboard': every line of the area, a reprint included; 'order': only lines not printed yet. */
  from: 'dashboard' | 'order';
  filter?: KitchenFilter;
  /** An outbox entry the server must have first (the accept of a delivery). */
  afterMutation?: number;
}

export interface MarkPrintedBody {
  tableId: string;
  selected_option: KitchenFilter;
  ids: string[];
}

export interface PrintServiceDeps {
  store: JobStore;
  connection: PrintConnection;
  /** `/api/printer/{kind}`: the server's payload for the entry. */
  fetchPayload: (kind: PrinterKind, body: PrintTarget & { filter: KitchenFilter }) => Promise<PrintData>;
  /** `table/print` through the outbox (spec 4: printed lines show 'Completato'). */
  markPrinted: (body: MarkPrintedBody) => Promise<unknown>;
  /** Where an outbox entry stands; 'done' also when it is gone (acked and caught up). */
  mutationState: (mutationId: number) => Promise<'pending' | 'done' | 'refused'>;
  /** Calls back when the outbox changes (a waited-for entry may have been answered). */
  watchOutbox?: (changed: () => void) => () => void;
  /** Pull the server's changes (the 1 s refresh after printing). */
  refresh: () => void;
  uuid?: () => string;
  now?: () => number;
  /** Pause before asking the server again for a payload it could not give. */
  retryMs?: number;
  refreshAfterMs?: number;
}

export interface PrintServiceState {
  printer: PrinterState;
  /** Jobs on their way to the bridge, not acknowledged yet. */
  pending: number;
  /** Jobs the browser view would print: browser jobs, and bridge jobs the bridge has not queued. */
  waiting: number;
}

export function printerKind(target: PrintTarget, from: PrintRequest['from']): PrinterKind {
  const delivery = 'deliveryId' in target;
  if (from === 'dashboard') return delivery ? 'dash_orderPrinter_R_C' : 'dash_orderPrinter_table';
  return delivery ? 'orderPrinter_R_C' : 'orderPrinter_table';
}

export function jobTarget(job: Pick<PrintJob, 'key' | 'delivery'>): PrintTarget {
  return job.delivery ? { deliveryId: job.key } : { tableId: job.key };
}

const isDashKind = (kind: PrinterKind) => kind.startsWith('dash_');

/** A job the browser view prints: one not given to the bridge's disk. */
export const waitsForBrowser = (job: PrintJob) => job.via === 'browser' || !job.queued;

/**
 * The dashboard side of printing (spec 2.11, 2.12): print jobs from request to printed flag. A
 * job gets its payload from the server (after the mutation it waits for), is sent to the bridge
 * with its jobId, and is re-sent after every reconnect until ORDER_PRINTED_NOTIFICATION; the
 * bridge prints a jobId once, so a re-send never prints twice. Then the ticket's lines are marked
 * printed through the outbox and the entries refreshed a second later. Nothing here throws at a
 * caller: a printer problem never turns an order or an accept into an error.
 */
export class PrintService {
  readonly state$: BehaviorSubject<PrintServiceState>;
  private readonly sentOnSocket = new Set<string>();
  private readonly subs: Subscription[] = [];
  private readonly cleanups: Array<() => void> = [];
  private pumping: Promise<void> | null = null;
  private pumpAgain = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private started = false;
  private readonly uuid: () => string;
  private readonly now: () => number;

  constructor(private readonly deps: PrintServiceDeps) {
    this.uuid = deps.uuid ?? makeUuid;
    this.now = deps.now ?? Date.now;
    this.state$ = new BehaviorSubject(this.computeState());
  }

  get state(): PrintServiceState {
    return this.state$.value;
  }

  get connection(): PrintConnection {
    return this.deps.connection;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    const { connection, store } = this.deps;
    this.subs.push(
      connection.state$.subscribe(() => this.publish()),
      connection.opened$.subscribe(() => {
        // A new socket knows nothing of what the last one was sent: everything goes again.
        this.sentOnSocket.clear();
        this.pump();
      }),
      connection.frames$.subscribe((frame) => this.onFrame(frame)),
    );
    this.cleanups.push(
      store.subscribe(() => {
        this.publish();
        this.pump();
      }),
    );
    if (this.deps.watchOutbox) this.cleanups.push(this.deps.watchOutbox(() => this.pump()));
    connection.start();
    this.publish();
    this.pump();
  }

  stop(): void {
    this.started = false;
    for (const sub of this.subs.splice(0)) sub.unsubscribe();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.deps.connection.stop();
  }

  /** The dashboard's 'Stampa': to the bridge, even while it reconnects (sent once it is back). */
  print(request: PrintRequest): PrintJob {
    return this.add(request, 'bridge');
  }

  /**
   * Spec 4: an accepted delivery, an owner's own order "goes to the printer unless printing has
   * failed". When it has, the job waits for the browser view instead ('stampa con il browser').
   */
  autoPrint(request: PrintRequest): PrintJob | null {
    try {
      return this.add(request, this.deps.connection.state.printerError ? 'browser' : 'bridge');
    } catch (err) {
      // Called right after an order or an accept succeeded: that must stay a success.
      console.warn('print: job not queued', err);
      return null;
    }
  }

  /** A job for the browser-print view only. */
  browserJob(request: PrintRequest): PrintJob {
    return this.add(request, 'browser');
  }

  /** What 'stampa con il browser' prints: jobs the bridge does not hold, oldest first. */
  waiting(): PrintJob[] {
    return this.deps.store.list().filter(waitsForBrowser);
  }

  job(jobId: string): PrintJob | undefined {
    return this.deps.store.get(jobId);
  }

  /** A job's payload: the one it keeps, else the server's now (for the browser view). */
  async payload(job: PrintJob): Promise<PrintData> {
    if (job.message) return job.message.data;
    return this.deps.fetchPayload(job.kind, { ...jobTarget(job), filter: job.filter });
  }

  /**
   * The browser view printed these (with the data it showed): they leave the queue, so the
   * bridge does not print them again later, and their lines are marked printed.
   */
  async printedByBrowser(printed: ReadonlyArray<{ job: PrintJob; data: PrintData }>): Promise<void> {
    for (const { job, data } of printed) {
      this.deps.store.remove(job.jobId);
      this.sentOnSocket.delete(job.jobId);
      await this.markJob(job, data);
    }
  }

  private add(request: PrintRequest, via: PrintJob['via']): PrintJob {
    const { target } = request;
    const job: PrintJob = {
      jobId: this.uuid(),
      kind: printerKind(target, request.from),
      key: 'deliveryId' in target ? target.deliveryId : target.tableId,
      delivery: 'deliveryId' in target,
      filter: request.filter ?? 'tutto',
      via,
      createdAt: this.now(),
      ...(request.afterMutation === undefined ? {} : { afterMutation: request.afterMutation }),
    };
    this.deps.store.put(job);
    return job;
  }

  private computeState(): PrintServiceState {
    const jobs = this.deps.store.list();
    return {
      printer: this.deps.connection.state,
      pending: jobs.filter((j) => j.via === 'bridge').length,
      waiting: jobs.filter(waitsForBrowser).length,
    };
  }

  private publish(): void {
    const next = this.computeState();
    const prev = this.state$.value;
    if (prev.printer !== next.printer || prev.pending !== next.pending || prev.waiting !== next.waiting) {
      this.state$.next(next);
    }
  }

  /** Go over the jobs now (fetch, send); never throws. */
  pump(): void {
    void this.flush();
  }

  /** One pass over the jobs at a time; asks made meanwhile run one more pass after it. */
  flush(): Promise<void> {
    if (!this.started) return Promise.resolve();
    if (this.pumping) {
      this.pumpAgain = true;
      return this.pumping;
    }
    this.pumping = (async () => {
      do {
        this.pumpAgain = false;
        await this.pumpOnce();
      } while (this.pumpAgain && this.started);
    })()
      .catch((err: unknown) => console.warn('print jobs', err))
      .finally(() => {
        this.pumping = null;
      });
    return this.pumping;
  }

  private async pumpOnce(): Promise<void> {
    let later = false;
    for (const listed of this.deps.store.list()) {
      if (listed.via !== 'bridge' || !this.started) continue;
      let job: PrintJob | undefined = listed;
      if (!job.message) {
        const prepared = await this.prepare(job);
        if (prepared === 'later') {
          later = true;
          continue;
        }
        job = prepared;
      }
      if (job) this.send(job);
    }
    if (later) this.retryLater();
  }

  private retryLater(): void {
    if (this.retryTimer !== null || !this.started) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.pump();
    }, this.deps.retryMs ?? PRINTER_RETRY_MS);
  }

  /** The job's message from the server's payload; undefined when there is nothing to print. */
  private async prepare(job: PrintJob): Promise<PrintJob | undefined | 'later'> {
    const { store } = this.deps;
    if (job.afterMutation !== undefined) {
      const state = await this.deps.mutationState(job.afterMutation).catch(() => 'pending' as const);
      if (state === 'pending') return 'later';
      if (state === 'refused') {
        // The accept was refused: the order is not the venue's to print.
        store.remove(job.jobId);
        return undefined;
      }
    }
    let data: PrintData;
    try {
      data = await this.deps.fetchPayload(job.kind, { ...jobTarget(job), filter: job.filter });
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429) {
        // Gone (completed, rejected) or not this venue's: nothing will ever print.
        console.warn('print job dropped', job.kind, err.message);
        store.remove(job.jobId);
        return undefined;
      }
      return 'later';
    }
    // Finished or dropped meanwhile (another tab, the browser view): leave it.
    if (!store.get(job.jobId)) return undefined;
    const lines = isDashKind(job.kind) ? data.reservations : this.notYetQueued(job, data);
    if (lines.length === 0) {
      store.remove(job.jobId);
      return undefined;
    }
    const printed: PrintData = { ...data, reservations: lines };
    const message: BridgePrintMessage = {
      type: printed.type,
      data: printed,
      sconto: printed.totals.sconto,
      jobId: job.jobId,
    };
    return store.update(job.jobId, { message });
  }

  /**
   * Two automatic prints of one entry before the first is acknowledged (two quick owner orders)
   * would both carry the first's lines: the later one leaves out what an earlier one carries.
   */
  private notYetQueued(job: PrintJob, data: PrintData): PrintData['reservations'] {
    const carried = new Set<string>();
    for (const other of this.deps.store.list()) {
      if (other.jobId === job.jobId || other.key !== job.key || isDashKind(other.kind)) continue;
      for (const line of other.message?.data.reservations ?? []) carried.add(line.id);
    }
    return data.reservations.filter((line) => !carried.has(line.id));
  }

  private send(job: PrintJob): void {
    if (!job.message || this.sentOnSocket.has(job.jobId)) return;
    if (this.deps.connection.send(job.message)) this.sentOnSocket.add(job.jobId);
  }

  private onFrame(frame: BridgeFrame): void {
    switch (frame.event) {
      case 'PRINT_QUEUED':
        if (this.deps.store.get(frame.data.jobId)) this.deps.store.update(frame.data.jobId, { queued: true });
        return;
      case 'ORDER_PRINTED_NOTIFICATION':
        void this.finish(frame.data.jobId);
        return;
      case 'PRINT_ERROR':
        this.onPrintError(frame.data);
        return;
      default:
        return;
    }
  }

  private onPrintError(error: Extract<BridgeFrame, { event: 'PRINT_ERROR' }>['data']): void {
    const jobId = error.jobId;
    if (error.code === 'NOT_PAIRED') {
      // The bridge does not know this tablet: the job waits for the pairing (the connection then
      // opens a fresh socket and everything goes again) or for 'stampa con il browser'.
      if (jobId) this.sentOnSocket.delete(jobId);
      return;
    }
    if (error.code === 'QUEUE_FAILED' && jobId) {
      // The bridge's disk failed: the same message again in a while.
      this.sentOnSocket.delete(jobId);
      this.retryLater();
      return;
    }
    // Spec 8: an unknown print order type gives a console warning. A refused message would be
    // refused again: the job is dropped (the browser print remains).
    console.warn('print bridge refused', error.code, error.type ?? '', error.error);
    if (jobId) {
      this.deps.store.remove(jobId);
      this.sentOnSocket.delete(jobId);
    }
  }

  /** The bridge printed the job: its lines are marked printed once, whatever else answers. */
  private async finish(jobId: string): Promise<void> {
    const job = this.deps.store.remove(jobId);
    this.sentOnSocket.delete(jobId);
    if (!job?.message) return;
    await this.markJob(job, job.message.data);
  }

  private async markJob(job: PrintJob, data: PrintData): Promise<void> {
    const ids = data.reservations.filter((line) => line.printed !== 1).map((line) => line.id);
    if (ids.length === 0) return;
    try {
      // The call takes up to 500 ids: a table's long evening is marked in parts.
      for (let i = 0; i < ids.length; i += MARK_IDS_MAX) {
        const part = ids.slice(i, i + MARK_IDS_MAX);
        await this.deps.markPrinted({ tableId: job.key, selected_option: job.filter, ids: part });
      }
    } catch (err) {
      console.warn('print: marking the lines printed failed', err);
      return;
    }
    // Spec 9: the entries are refreshed a second after printing.
    setTimeout(() => this.deps.refresh(), this.deps.refreshAfterMs ?? TABLE_REMOVAL_REFRESH_MS);
  }
}
