import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { StorePort } from '../store/port.ts';
import type { Mail } from './mail.ts';
import { GIVE_UP_MS, type Outbox, type OutboxRow, outbox, queueMail, retryDelay } from './outbox.ts';

export interface Mailer {
  /**
   * Puts the mail in the durable outbox, in a write transaction of its own, and wakes the sender;
   * resolves once the row is committed (callers answer then, whether the address exists or not).
   * Outside a transaction only: inside a mutation use `ctx.queueMail` (same transaction).
   */
  queue(mail: Mail): Promise<void>;
  /** Sends what is due now (a mail was queued in a transaction that has since committed). */
  wake(): void;
  /**
   * Starts sending: what is due now, then each mail as it falls due. Resolves once the outbox
   * was looked at (mails given up are warned of at start-up).
   */
  start(): Promise<void>;
  /**
   * Resolves when no mail is due any more: each due mail was attempted (sent, or put off after
   * a failure, so a failing transport does not keep it spinning). Tests and readers of MAIL_DIR.
   */
  flush(): Promise<void>;
  /** For /api/health: pending mails that failed or wait too long, and mails given up. */
  health(): Promise<{ overdue: number; failed: number }>;
  /** Stops sending; waits a little for the send in progress (its row is retried otherwise). */
  close(): Promise<void>;
}

/** Where the outbox lives: every read and write through the port (store/port.ts). */
export interface MailStore {
  port: StorePort<Db>;
}

interface MailerOptions {
  smtpUrl: string | undefined;
  mailDir: string;
  from: string;
}

/** Bounds on one SMTP send (nodemailer waits minutes by default): well inside the claim lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };
/** The sender looks at the outbox at least this often (rows queued by another instance). */
const POLL_MS = 30_000;
/** Sent and failed rows are pruned at most this often. */
const PRUNE_EVERY_MS = 60 * 60_000;
/** How long closing waits for a send in progress. */
const CLOSE_WAIT_MS = 5000;

/** Header value with non-ASCII text (Italian subjects) as an RFC 2047 encoded word. */
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value)
    ? value
    : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/**
 * The mail as a file: 8-bit UTF-8 text, unwrapped, so the link in it can be read back as is
 * (quoted-printable would break long links across lines).
 */
function rawMessage(mail: Mail, from: string, date: Date): string {
  return [
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    `Date: ${date.toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    mail.text,
    '',
  ].join('\r\n');
}

const safeName = (s: string) => s.replace(/[^a-zA-Z0-9@._+-]/g, '_').slice(0, 120);

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * Mail through the outbox table (outbox.ts), sent by nodemailer to SMTP_URL when set, otherwise
 * written to MAIL_DIR/<iso-time>-<to>.eml, where a newcomer (and the tests) can open it. One
 * sender per process, one send at a time; each row is claimed before it is sent.
 */
export function createMailer(
  options: MailerOptions,
  clock: Clock,
  log: FastifyBaseLogger,
  store: MailStore,
): Mailer {
  const transport = options.smtpUrl ? createTransport({ ...SMTP_TIMEOUTS, url: options.smtpUrl }) : null;
  /** Reads only (what is due, the next turn, the counts): committed data. */
  const read = <T>(work: (box: Outbox) => Promise<T>): Promise<T> =>
    store.port.read((db) => work(outbox(db)));
  /**
   * One outbox write (a claim, an outcome, the pruning) in its own transaction: outbox rows are
   * no venue's data, so `writeAccount`. Committed before the sender goes on.
   */
  const write = <T>(work: (box: Outbox) => Promise<T>): Promise<T> =>
    store.port.writeAccount((db) => work(outbox(db)));
  let running: Promise<number> | null = null;
  let again = false;
  let started = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let prunedAt = Number.NEGATIVE_INFINITY;

  async function writeFileMail(mail: Mail): Promise<void> {
    const now = clock.now();
    await mkdir(options.mailDir, { recursive: true });
    const stamp = now.toISOString().replace(/:/g, '-');
    const base = `${stamp}-${safeName(mail.to)}`;
    for (let n = 0; ; n++) {
      const file = join(options.mailDir, n === 0 ? `${base}.eml` : `${base}-${n}.eml`);
      try {
        await writeFile(file, rawMessage(mail, options.from, now), { flag: 'wx' });
        log.info({ file, to: mail.to }, 'mail written');
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || n > 50) throw err;
      }
    }
  }

  async function send(mail: Mail): Promise<void> {
    if (transport) {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      log.info({ to: mail.to }, 'mail sent');
    } else {
      await writeFileMail(mail);
    }
  }

  /** One attempt at one claimed row; its outcome recorded (unless closing cut it short). */
  async function attempt(row: OutboxRow): Promise<void> {
    const mail: Mail = { to: row.recipient, subject: row.subject, text: row.text, kind: row.kind };
    try {
      await send(mail);
      if (!closed) {
        const now = clock.nowMs();
        await write((box) => box.markSent(row.id, now));
      }
    } catch (err) {
      if (closed) return;
      const now = clock.nowMs();
      const error = errorText(err);
      const context = { mailId: row.id, kind: row.kind, attempts: row.attempts, err };
      if (now - row.createdAt >= GIVE_UP_MS) {
        await write((box) => box.giveUp(row.id, error));
        log.error(context, 'mail given up after a day of failed attempts');
      } else {
        const next = now + retryDelay(row.attempts);
        await write((box) => box.retryAt(row.id, next, error));
        log.warn({ ...context, retryAt: new Date(next).toISOString() }, 'mail not sent; will retry');
      }
    }
  }

  /** Sends every due row once; answers how many were attempted. */
  async function pass(): Promise<number> {
    let attempted = 0;
    const now = clock.nowMs();
    if (now - prunedAt >= PRUNE_EVERY_MS) {
      await write((box) => box.prune(now));
      prunedAt = now;
    }
    for (;;) {
      const dueAt = clock.nowMs();
      const due = closed ? [] : await read((box) => box.due(dueAt));
      if (due.length === 0) return attempted;
      for (const candidate of due) {
        if (closed) return attempted;
        const at = clock.nowMs();
        const row = await write((box) => box.claim(candidate.id, at));
        if (!row) continue;
        attempted++;
        await attempt(row);
      }
    }
  }

  /** Sets the timer for the next turn (`next`: when the earliest pending mail falls due). */
  function schedule(next: number | null): void {
    if (closed || !started) return;
    clearTimeout(timer);
    const wait = next === null ? POLL_MS : Math.min(POLL_MS, Math.max(1000, next - clock.nowMs()));
    timer = setTimeout(wake, wait);
    timer.unref();
  }

  /** Runs passes until nothing new was woken for; one at a time. */
  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    let next: number | null = null;
    running = (async () => {
      let attempted = 0;
      do {
        again = false;
        try {
          attempted += await pass();
          // Read inside the run, so closing waits for it; a wake meanwhile runs another pass.
          if (!closed) next = await read((box) => box.nextTurn());
        } catch (err) {
          // The outbox itself unreadable (disk, lock): try again on the next turn.
          log.error({ err }, 'mail outbox not readable');
        }
      } while (again && !closed);
      return attempted;
    })().finally(() => {
      running = null;
      schedule(next);
    });
    return running;
  }

  function wake(): void {
    if (closed || !started) return;
    void run();
  }

  return {
    async queue(mail) {
      const now = clock.nowMs();
      await store.port.writeAccount((db) => queueMail(db, mail, now));
      // Committed: the sender finds the row.
      wake();
    },
    wake,
    async start() {
      if (started || closed) return;
      started = true;
      const now = clock.nowMs();
      const { failed } = await read((box) => box.counts(now));
      if (failed > 0) log.warn({ failed }, 'mails given up after a day of failures are in the outbox');
      wake();
    },
    async flush() {
      if (closed) return;
      // A pass may have begun before the last queue: run until one finds nothing to send.
      if (running) await running;
      while ((await run()) > 0) {}
    },
    async health() {
      const now = clock.nowMs();
      return await read((box) => box.counts(now));
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      if (running) {
        let giveUp: NodeJS.Timeout | undefined;
        await Promise.race([
          running,
          new Promise<void>((resolve) => {
            giveUp = setTimeout(resolve, CLOSE_WAIT_MS);
          }),
        ]);
        clearTimeout(giveUp);
      }
      transport?.close();
    },
  };
}
