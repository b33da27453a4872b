import { type FileHandle, open, readFile } from 'node:fs/promises';
import type { PrintType, TicketRef } from '@comanda/shared-schema';

/**
 * The append-only record of what reached a printer: one JSON line per printed ticket, flushed
 * to the disk (fdatasync) before the job is acknowledged. Appends that arrive while a flush runs
 * are written and flushed together (group commit), so several printers draining at once share
 * one flush.
 */

/** A ticket of a job reached its printer (the job has more tickets still to print). */
export interface TaskEntry {
  k: 't';
  seq: number;
  i: number;
  at: string;
}

/** Every ticket of a job reached its printer: what a re-sent job is answered with. */
export interface JobEntry {
  k: 'j';
  seq: number;
  jobId: string;
  at: string;
  type: PrintType;
  tableId: string | null;
  deliveryId: string | null;
  printers: TicketRef[];
}

export type JournalEntry = TaskEntry | JobEntry;

export async function readJournal(path: string): Promise<JournalEntry[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const entries: JournalEntry[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const entry = JSON.parse(line) as JournalEntry;
      if ((entry.k === 't' || entry.k === 'j') && Number.isInteger(entry.seq)) entries.push(entry);
    } catch {
      // A line torn by a crash mid-append: its ticket was not acknowledged, so it is not lost.
    }
  }
  return entries;
}

interface Pending {
  line: string;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class Journal {
  private pending: Pending[] = [];
  private flushing: Promise<void> | null = null;

  private constructor(private readonly handle: FileHandle) {}

  static async open(path: string): Promise<Journal> {
    return new Journal(await open(path, 'a'));
  }

  /** Resolves once the entry is on the disk. */
  append(entries: readonly JournalEntry[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ line: entries.map((e) => `${JSON.stringify(e)}\n`).join(''), resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0);
      try {
        await this.handle.write(batch.map((p) => p.line).join(''));
        await this.handle.datasync();
        for (const p of batch) p.resolve();
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
    }
    this.flushing = null;
  }

  async close(): Promise<void> {
    await this.flushing;
    await this.handle.close();
  }
}
