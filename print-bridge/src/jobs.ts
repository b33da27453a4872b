import { randomUUID } from 'node:crypto';
import type { BridgeFrame, PrintJobRef } from '@comanda/shared-schema';
import type { PrinterConfig } from './config.ts';
import type { Log } from './log.ts';
import type { ParsedMessage } from './protocol.ts';
import { ERROR_TEXTS } from './protocol.ts';
import type { JobEntry, PrintQueue } from './queue/queue.ts';
import { planTickets } from './routing.ts';
import { renderTicket } from './ticket/render.ts';
import { ticketSource } from './ticket/source.ts';

/** Whoever sent a job and waits for its acknowledgement: a websocket, in practice. */
export interface Subscriber {
  send(frame: BridgeFrame): void;
}

type PrintRequest = Extract<ParsedMessage, { kind: 'print' }>;

export interface IntakeDeps {
  queue: PrintQueue;
  printers: readonly PrinterConfig[];
  venueName: string;
  wake(printer: string): void;
  changed(): void;
  log: Log;
}

/**
 * Takes print messages into the queue in arrival order and tells each sender when its job has
 * printed. A job's key is the message's `jobId`: a key the bridge is printing gets the sender
 * added to those waiting; a key it printed is answered at once, nothing printed again.
 */
export class JobIntake {
  private readonly waiting = new Map<string, Set<Subscriber>>();
  /** Jobs whose file is being written: a copy arriving meanwhile is answered after it. */
  private readonly writing = new Map<string, Promise<unknown>>();
  private last: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: IntakeDeps) {}

  /** Resolves once the sender has its answer (queued, printed or refused). */
  submit(request: PrintRequest, from: Subscriber): Promise<void> {
    const jobId = request.jobId ?? randomUUID();
    const writing = this.writing.get(jobId);
    const answered = writing
      ? writing.then(() => {
          this.answerKnown(jobId, request, from);
        })
      : this.take(jobId, request, from);
    this.last = answered.catch(() => {});
    return answered;
  }

  /** A job key seen before: printed (answer again) or still queued (wait with the others). */
  private answerKnown(jobId: string, request: PrintRequest, from: Subscriber): void {
    const known = this.deps.queue.lookup(jobId);
    if (known?.state === 'done') {
      const { entry } = known;
      from.send({
        event: 'ORDER_PRINTED_NOTIFICATION',
        data: { ...refOf(entry), printers: entry.printers, duplicate: true },
      });
      return;
    }
    if (known?.state === 'pending') {
      this.wait(jobId, from);
      const { record } = known.job;
      from.send({
        event: 'PRINT_QUEUED',
        data: {
          ...refOf({ jobId, ...record.source }),
          printers: record.tasks.map((t) => t.assigned),
          duplicate: true,
        },
      });
      return;
    }
    // Its first copy could not be stored: the dashboard should send it again.
    from.send({
      event: 'PRINT_ERROR',
      data: { code: 'QUEUE_FAILED', error: ERROR_TEXTS.QUEUE_FAILED, type: request.type, jobId },
    });
  }

  private async take(jobId: string, request: PrintRequest, from: Subscriber): Promise<void> {
    const { queue, log } = this.deps;
    if (queue.lookup(jobId)) {
      this.answerKnown(jobId, request, from);
      return;
    }
    const receivedAt = new Date().toISOString();
    const source = ticketSource(request, { venueName: this.deps.venueName, receivedAt });
    const ref = refOf({ jobId, ...source });
    const plans = planTickets(source, this.deps.printers);
    if (plans.length === 0) {
      // No line to print (an empty payload): nothing to wait for.
      from.send({ event: 'ORDER_PRINTED_NOTIFICATION', data: { ...ref, printers: [], duplicate: false } });
      return;
    }
    try {
      // Render once now: a payload that cannot print is refused here, not retried forever.
      for (const plan of plans) {
        const printer = this.deps.printers.find((p) => p.name === plan.printer);
        if (printer)
          renderTicket(source, {
            ...plan,
            columns: printer.columns,
            codepage: printer.codepage,
            backupOf: null,
          });
      }
    } catch (err) {
      log.warn(`job ${jobId}: cannot render: ${String(err)}`);
      from.send({
        event: 'PRINT_ERROR',
        data: { code: 'INVALID_MESSAGE', error: ERROR_TEXTS.INVALID_MESSAGE, type: request.type, jobId },
      });
      return;
    }
    // The place in the queue is taken now, synchronously: arrival order is print order.
    const stored = queue.add(jobId, source, plans, receivedAt);
    this.writing.set(
      jobId,
      stored.catch(() => {}),
    );
    try {
      await stored;
    } catch (err) {
      log.error(`job ${jobId}: not queued: ${String(err)}`);
      from.send({
        event: 'PRINT_ERROR',
        data: { code: 'QUEUE_FAILED', error: ERROR_TEXTS.QUEUE_FAILED, type: request.type, jobId },
      });
      return;
    } finally {
      this.writing.delete(jobId);
    }
    this.wait(jobId, from);
    from.send({
      event: 'PRINT_QUEUED',
      data: { ...ref, printers: plans.map((p) => p.printer), duplicate: false },
    });
    for (const printer of new Set(plans.map((p) => p.printer))) this.deps.wake(printer);
    this.deps.changed();
  }

  private wait(jobId: string, from: Subscriber): void {
    let set = this.waiting.get(jobId);
    if (!set) {
      set = new Set();
      this.waiting.set(jobId, set);
    }
    set.add(from);
  }

  /** A job printed on all its printers: tell whoever waits for it. */
  printed(entry: JobEntry): void {
    const set = this.waiting.get(entry.jobId);
    this.waiting.delete(entry.jobId);
    for (const subscriber of set ?? []) {
      subscriber.send({
        event: 'ORDER_PRINTED_NOTIFICATION',
        data: { ...refOf(entry), printers: entry.printers, duplicate: false },
      });
    }
  }

  /** A socket closed: it waits for nothing any more (a re-sent job subscribes again). */
  forget(subscriber: Subscriber): void {
    for (const [jobId, set] of this.waiting) {
      set.delete(subscriber);
      if (set.size === 0) this.waiting.delete(jobId);
    }
  }

  /** Resolves once the last message taken so far is answered. */
  async idle(): Promise<void> {
    await this.last;
  }
}

function refOf(x: {
  jobId: string;
  type: PrintJobRef['type'];
  tableId: string | null;
  deliveryId: string | null;
}): PrintJobRef {
  return { jobId: x.jobId, type: x.type, tableId: x.tableId, deliveryId: x.deliveryId };
}
