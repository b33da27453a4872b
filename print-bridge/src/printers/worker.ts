import type { PrinterStatus } from '@comanda/shared-schema';
import type { PrinterConfig, PrinterTarget } from '../config.ts';
import type { Log } from '../log.ts';
import type { JobEntry, PrintQueue, Task } from '../queue/queue.ts';
import type { RenderedTicket } from '../ticket/render.ts';
import { describeTarget } from './target.ts';

/**
 * One printer's loop: print its oldest ticket; on failure keep it queued and retry with a
 * growing pause (first, 2x, 4x... up to the maximum); once the printer has failed for its
 * failover time, hand its waiting tickets to its backup. While idle it checks the printer now
 * and then, so the status tells the truth before a ticket needs it.
 */
export interface WorkerDeps {
  queue: PrintQueue;
  render(task: Task, printer: PrinterConfig): RenderedTicket;
  send(target: PrinterTarget, ticket: RenderedTicket, fileName: string): Promise<void>;
  probe(target: PrinterTarget): Promise<void>;
  /** A ticket reached the printer; `entry` when it finished its job. */
  printed(task: Task, entry: JobEntry | null): void;
  /** Something the status shows changed. */
  changed(): void;
  /** Wakes another printer's loop (the backup, after a failover). */
  wake(printer: string): void;
  retryFirstMs: number;
  retryMaxMs: number;
  probeMs: number;
  log: Log;
  now?: () => number;
}

/** 20250321-193100-000042-0-cucina(-copia): sorts by arrival, fixed per ticket. */
export function ticketFileName(task: Task): string {
  const stamp = task.job.record.receivedAt.replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const printer = task.record.printer.replace(/[^A-Za-z0-9_.-]/g, '_');
  const seq = String(task.job.record.seq).padStart(6, '0');
  return `${stamp}-${seq}-${task.index}-${printer}${task.record.backup ? '-copia' : ''}`;
}

export class PrinterWorker {
  private online: boolean | null = null;
  private lastError: string | null = null;
  private lastErrorAt: string | null = null;
  private lastPrintedAt: string | null = null;
  private failingSince: number | null = null;
  private stopped = false;
  private wakeUp: (() => void) | null = null;
  private running: Promise<void> | null = null;
  private readonly now: () => number;

  constructor(
    readonly config: PrinterConfig,
    private readonly deps: WorkerDeps,
  ) {
    this.now = deps.now ?? Date.now;
  }

  start(): void {
    this.running ??= this.loop().catch((err: unknown) => {
      this.deps.log.error(
        `printer ${this.config.name}: loop stopped: ${(err as Error).stack ?? String(err)}`,
      );
    });
  }

  /** A ticket was queued for this printer: stop waiting (not a retry pause, though). */
  wake(): void {
    this.wakeUp?.();
  }

  /** Finishes the ticket in flight, if any, then stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    await this.running;
  }

  status(): PrinterStatus {
    return {
      name: this.config.name,
      area: this.config.area,
      target: describeTarget(this.config.target),
      online: this.online,
      queued: this.deps.queue.queuedFor(this.config.name),
      lastError: this.lastError,
      lastErrorAt: this.lastErrorAt,
      lastPrintedAt: this.lastPrintedAt,
      failingSince: this.failingSince === null ? null : new Date(this.failingSince).toISOString(),
      backup: this.config.backup,
    };
  }

  private async loop(): Promise<void> {
    const { queue, log } = this.deps;
    let attempts = 0;
    let probeDue = true;
    while (!this.stopped) {
      const task = queue.next(this.config.name);
      if (!task) {
        attempts = 0;
        if (probeDue && this.deps.probeMs > 0) await this.probe();
        const timedOut = await this.sleep(this.deps.probeMs > 0 ? this.deps.probeMs : null, true);
        probeDue = timedOut;
        continue;
      }
      try {
        const ticket = this.deps.render(task, this.config);
        await this.deps.send(this.config.target, ticket, ticketFileName(task));
      } catch (err) {
        attempts += 1;
        this.failed(err);
        if (await this.failover()) continue;
        await this.sleep(Math.min(this.deps.retryMaxMs, this.deps.retryFirstMs * 2 ** (attempts - 1)), false);
        continue;
      }
      attempts = 0;
      this.succeeded();
      let entry: JobEntry | null = null;
      try {
        entry = await queue.markPrinted(task);
      } catch (err) {
        // Printed but not journaled: not acknowledged, and a restart may print it again.
        log.error(
          `printer ${this.config.name}: could not record job ${task.job.record.jobId}: ${String(err)}`,
        );
      }
      this.deps.printed(task, entry);
      this.deps.changed();
    }
  }

  private async failover(): Promise<boolean> {
    const { backup, failoverAfterMs, name } = this.config;
    if (backup === null || this.failingSince === null || this.stopped) return false;
    if (this.now() - this.failingSince < failoverAfterMs) return false;
    const moved = await this.deps.queue.failover(name, backup);
    if (moved === 0) return false;
    this.deps.log.warn(
      `printer ${name}: down since ${this.status().failingSince}, ${moved} ticket(s) to ${backup}`,
    );
    this.deps.wake(backup);
    this.deps.changed();
    return true;
  }

  private async probe(): Promise<void> {
    try {
      await this.deps.probe(this.config.target);
      if (this.online !== true) this.succeeded(false);
    } catch (err) {
      this.failed(err);
    }
  }

  private succeeded(printed = true): void {
    const changed = this.online !== true;
    this.online = true;
    this.failingSince = null;
    if (printed) this.lastPrintedAt = new Date(this.now()).toISOString();
    if (changed) {
      this.deps.log.info(`printer ${this.config.name}: online`);
      this.deps.changed();
    }
  }

  private failed(err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    const changed = this.online !== false || this.lastError !== message;
    this.online = false;
    this.lastError = message;
    this.lastErrorAt = new Date(this.now()).toISOString();
    this.failingSince ??= this.now();
    if (changed) {
      this.deps.log.warn(`printer ${this.config.name}: ${message}`);
      this.deps.changed();
    }
  }

  /** Resolves true when the time ran out, false when woken (only if `wakeable`) or stopped. */
  private sleep(ms: number | null, wakeable: boolean): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = ms === null ? null : setTimeout(() => finish(true), ms);
      const finish = (timedOut: boolean) => {
        if (timer) clearTimeout(timer);
        this.wakeUp = null;
        resolve(timedOut);
      };
      this.wakeUp = () => {
        if (wakeable || this.stopped) finish(false);
      };
    });
  }
}
