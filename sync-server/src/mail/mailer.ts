import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Clock } from '../clock.ts';

export interface Mail {
  to: string;
  subject: string;
  /** Plain text; links stand on their own line. */
  text: string;
}

export interface Mailer {
  /** Sends in the background (callers answer at once, whether the address exists or not). */
  queue(mail: Mail): void;
  /** Resolves when every queued mail is sent or written (tests, shutdown). */
  flush(): Promise<void>;
  close(): void;
}

interface MailerOptions {
  smtpUrl: string | undefined;
  mailDir: string;
  from: string;
}

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

/**
 * Mail through nodemailer to SMTP_URL when set; otherwise each mail is written to
 * MAIL_DIR/<iso-time>-<to>.eml, where a newcomer (and the tests) can open it.
 */
export function createMailer(options: MailerOptions, clock: Clock, log: FastifyBaseLogger): Mailer {
  const pending = new Set<Promise<void>>();
  const transport = options.smtpUrl ? createTransport(options.smtpUrl) : null;

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

  return {
    queue(mail) {
      const p = send(mail)
        .catch((err: unknown) => log.error({ err, to: mail.to }, 'mail not sent'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close() {
      transport?.close();
    },
  };
}
