import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The mails the server wrote as files (no SMTP_URL), newest last, optionally for one address. */
export function readMails(mailDir: string, to?: string): string[] {
  if (!existsSync(mailDir)) return [];
  return readdirSync(mailDir)
    .sort()
    .map((name) => readFileSync(join(mailDir, name), 'utf8'))
    .filter((text) => (to ? text.toLowerCase().includes(to.toLowerCase()) : true));
}

/** Waits for a mail to `to` and returns the first link in it matching `pattern`. */
export async function waitForLink(
  mailDir: string,
  to: string,
  pattern: RegExp,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const mail of readMails(mailDir, to).reverse()) {
      // quoted-printable soft breaks and =3D would hide the link
      const plain = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = plain.match(pattern);
      if (match) return match[0];
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${pattern}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
