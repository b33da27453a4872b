import { mkdir, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { PrintType, TicketRef } from '@comanda/shared-schema';
import { writeFileDurable, writeFilesDurable } from '../fs-atomic.ts';
import type { Log } from '../log.ts';
import type { TicketPlan } from '../routing.ts';
import type { TicketSource } from '../ticket/source.ts';
import { type JobEntry, Journal, type JournalEntry, readJournal } from './journal.ts';

/**
 * The durable print queue. One file per job (`queue/000000000042.json`, written to a temporary
 * name, flushed, renamed) holds what to print; the journal (`journal.jsonl`) records each ticket
 * that reached its printer. A job is acknowledged only after its journal line is on the disk,
 * and its file is deleted after that. On start, job files minus journaled tickets are exactly
 * what is left to print: a crash loses nothing, and a ticket is printed again only if the crash
 * fell between the printer taking the bytes and the journal flush (milliseconds).
 */

export interface TaskRecord {
  /** The printer the plan chose. */
  printer: string;
  ticket: TicketPlan['ticket'];
  area: TicketPlan['area'];
  /** The printer it will print on: `printer`, or its backup after a failover. */
  assigned: string;
  backup: boolean;
}

export interface JobRecord {
  v: 1;
  seq: number;
  jobId: string;
  receivedAt: string;
  source: TicketSource;
  tasks: TaskRecord[];
}

export interface Task {
  job: Job;
  index: number;
  record: TaskRecord;
  printed: boolean;
}

export interface Job {
  record: JobRecord;
  tasks: Task[];
}

/** Finished jobs remembered for answering a re-sent job: the last this many. */
export const DONE_KEEP = 5000;

export class PrintQueue {
  private readonly pending = new Map<string, Job>();
  private readonly done = new Map<string, JobEntry>();
  private readonly byPrinter = new Map<string, Task[]>();
  private nextSeq = 1;
  private journal: Journal | null = null;
  private writes: Array<{ record: JobRecord; resolve: (job: Job) => void; reject: (err: unknown) => void }> =
    [];
  private writing: Promise<void> | null = null;

  private constructor(
    private readonly dir: string,
    private readonly log: Log,
  ) {}

  private get jobsDir(): string {
    return join(this.dir, 'queue');
  }
  private get journalPath(): string {
    return join(this.dir, 'journal.jsonl');
  }

  /** Loads what a previous run left: unprinted tickets in order, finished job ids. */
  static async open(dir: string, log: Log): Promise<PrintQueue> {
    const queue = new PrintQueue(dir, log);
    await queue.load();
    return queue;
  }

  private async load(): Promise<void> {
    await mkdir(this.jobsDir, { recursive: true });
    const entries = await readJournal(this.journalPath);
    const printedTasks = new Set<string>();
    for (const entry of entries) {
      this.nextSeq = Math.max(this.nextSeq, entry.seq + 1);
      if (entry.k === 'j') this.remember(entry);
      else printedTasks.add(`${entry.seq}:${entry.i}`);
    }
    const doneSeqs = new Set([...this.done.values()].map((e) => e.seq));
    const names = (await readdir(this.jobsDir)).sort();
    for (const name of names) {
      const path = join(this.jobsDir, name);
      if (name.endsWith('.tmp')) {
        await unlink(path).catch(() => {});
        continue;
      }
      if (!name.endsWith('.json')) continue;
      let record: JobRecord;
      try {
        record = JSON.parse(await readFile(path, 'utf8')) as JobRecord;
        if (record.v !== 1 || !Number.isInteger(record.seq) || !Array.isArray(record.tasks))
          throw new Error('shape');
      } catch (err) {
        this.log.error(`queue: unreadable job file ${name} set aside (${(err as Error).message})`);
        await rename(path, `${path}.corrupt`).catch(() => {});
        continue;
      }
      this.nextSeq = Math.max(this.nextSeq, record.seq + 1);
      if (doneSeqs.has(record.seq)) {
        // Printed and journaled; the crash came before the file was deleted.
        await unlink(path).catch(() => {});
        continue;
      }
      this.adopt(record, (i) => printedTasks.has(`${record.seq}:${i}`));
    }
    await this.compact(entries);
    this.journal = await Journal.open(this.journalPath);
    if (this.pending.size > 0) this.log.info(`queue: ${this.pending.size} job(s) left to print from before`);
  }

  /** Rewrites the journal when it has grown: finished jobs to remember, tickets of open jobs. */
  private async compact(entries: JournalEntry[]): Promise<void> {
    if (entries.length <= DONE_KEEP * 2) return;
    const open = new Set([...this.pending.values()].map((j) => j.record.seq));
    const keep = [...this.done.values(), ...entries.filter((e) => e.k === 't' && open.has(e.seq))];
    await writeFileDurable(this.journalPath, keep.map((e) => `${JSON.stringify(e)}\n`).join(''));
  }

  private remember(entry: JobEntry): void {
    this.done.delete(entry.jobId);
    this.done.set(entry.jobId, entry);
    if (this.done.size > DONE_KEEP) {
      const oldest = this.done.keys().next().value;
      if (oldest !== undefined) this.done.delete(oldest);
    }
  }

  private adopt(record: JobRecord, printed: (index: number) => boolean): Job {
    const job: Job = { record, tasks: [] };
    job.tasks = record.tasks.map((task, index) => ({ job, index, record: task, printed: printed(index) }));
    this.pending.set(record.jobId, job);
    for (const task of job.tasks) if (!task.printed) this.listFor(task.record.assigned).push(task);
    return job;
  }

  private listFor(printer: string): Task[] {
    let list = this.byPrinter.get(printer);
    if (!list) {
      list = [];
      this.byPrinter.set(printer, list);
    }
    return list;
  }

  /** A job the bridge holds (still printing) or printed (remembered), by its key. */
  lookup(jobId: string): { state: 'pending'; job: Job } | { state: 'done'; entry: JobEntry } | null {
    const job = this.pending.get(jobId);
    if (job) return { state: 'pending', job };
    const entry = this.done.get(jobId);
    return entry ? { state: 'done', entry } : null;
  }

  /**
   * Stores a new job durably; resolves once its file is on the disk. Its place in the queue is
   * fixed now (arrival order); jobs added while a write runs are written together after it.
   */
  add(jobId: string, source: TicketSource, plans: TicketPlan[], receivedAt: string): Promise<Job> {
    const record: JobRecord = {
      v: 1,
      seq: this.nextSeq++,
      jobId,
      receivedAt,
      source,
      tasks: plans.map((p) => ({ ...p, assigned: p.printer, backup: false })),
    };
    return new Promise((resolve, reject) => {
      this.writes.push({ record, resolve, reject });
      this.writing ??= this.flushWrites();
    });
  }

  private async flushWrites(): Promise<void> {
    while (this.writes.length > 0) {
      const batch = this.writes.splice(0, 256);
      try {
        const files = batch.map((w) => ({
          name: this.jobName(w.record.seq),
          data: JSON.stringify(w.record),
        }));
        await writeFilesDurable(this.jobsDir, files);
      } catch (err) {
        // Not queued: no file may stay behind to print after a restart.
        await Promise.all(batch.map((w) => unlink(this.jobPath(w.record.seq)).catch(() => {})));
        for (const w of batch) w.reject(err);
        continue;
      }
      for (const w of batch) w.resolve(this.adopt(w.record, () => false));
    }
    this.writing = null;
  }

  private jobName(seq: number): string {
    return `${String(seq).padStart(12, '0')}.json`;
  }

  private jobPath(seq: number): string {
    return join(this.jobsDir, this.jobName(seq));
  }

  /** The oldest unprinted ticket of a printer. */
  next(printer: string): Task | undefined {
    return this.byPrinter.get(printer)?.[0];
  }

  queuedFor(printer: string): number {
    return this.byPrinter.get(printer)?.length ?? 0;
  }

  get pendingJobs(): number {
    return this.pending.size;
  }

  /**
   * Records that a ticket reached its printer. Returns the finished job's entry when it was the
   * job's last ticket (then it is acknowledged), else null. The ticket leaves the printer's list
   * first, so a failing disk cannot make the same process print it twice.
   */
  async markPrinted(task: Task): Promise<JobEntry | null> {
    const list = this.listFor(task.record.assigned);
    const at = list.indexOf(task);
    if (at >= 0) list.splice(at, 1);
    task.printed = true;
    const now = new Date().toISOString();
    const { record } = task.job;
    if (!task.job.tasks.every((t) => t.printed)) {
      await this.journalOrThrow().append([{ k: 't', seq: record.seq, i: task.index, at: now }]);
      return null;
    }
    const entry: JobEntry = {
      k: 'j',
      seq: record.seq,
      jobId: record.jobId,
      at: now,
      type: record.source.type,
      tableId: record.source.tableId,
      deliveryId: record.source.deliveryId,
      printers: record.tasks.map((t) => ({ printer: t.assigned, backup: t.backup })),
    };
    await this.journalOrThrow().append([entry]);
    this.pending.delete(record.jobId);
    this.remember(entry);
    await unlink(this.jobPath(record.seq)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') this.log.warn(`queue: could not delete job ${record.seq}: ${err.message}`);
    });
    return entry;
  }

  /**
   * Moves a printer's waiting tickets (not those it took over itself) to its backup, marked as a
   * backup copy. Returns how many moved.
   */
  async failover(printer: string, backup: string): Promise<number> {
    const list = this.listFor(printer);
    const moving = list.filter((t) => !t.record.backup);
    if (moving.length === 0) return 0;
    this.byPrinter.set(
      printer,
      list.filter((t) => t.record.backup),
    );
    const jobs = new Set<Job>();
    for (const task of moving) {
      task.record.assigned = backup;
      task.record.backup = true;
      jobs.add(task.job);
    }
    const target = this.listFor(backup);
    target.push(...moving);
    target.sort((a, b) => a.job.record.seq - b.job.record.seq || a.index - b.index);
    // Losing this write in a crash only sends the tickets back to the first printer.
    for (const job of jobs) await writeFileDurable(this.jobPath(job.record.seq), JSON.stringify(job.record));
    return moving.length;
  }

  /**
   * Tickets left for a printer that the settings no longer have (renamed or removed while jobs
   * waited) go to `pick(task)`, so a settings change strands nothing. Returns how many moved.
   */
  async rehome(known: ReadonlySet<string>, pick: (task: Task) => string): Promise<number> {
    const moved: Task[] = [];
    for (const [printer, list] of this.byPrinter) {
      if (known.has(printer) || list.length === 0) continue;
      for (const task of list) task.record.assigned = pick(task);
      moved.push(...list);
      this.byPrinter.set(printer, []);
    }
    for (const task of moved) this.listFor(task.record.assigned).push(task);
    for (const list of this.byPrinter.values()) {
      list.sort((a, b) => a.job.record.seq - b.job.record.seq || a.index - b.index);
    }
    const jobs = new Set(moved.map((t) => t.job));
    for (const job of jobs) await writeFileDurable(this.jobPath(job.record.seq), JSON.stringify(job.record));
    return moved.length;
  }

  private journalOrThrow(): Journal {
    if (!this.journal) throw new Error('queue is closed');
    return this.journal;
  }

  async close(): Promise<void> {
    await this.writing;
    const journal = this.journal;
    this.journal = null;
    await journal?.close();
  }
}

export type { JobEntry, PrintType, TicketRef };
