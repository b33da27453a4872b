import { rmSync, writeFileSync } from 'node:fs';
import { AppError, defineCall, ok } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type FakeSmtp, startFakeSmtp } from '../../test-support/fakes/smtp.ts';
import { createOwner, createTestApp, post, readMails, type TestApp } from '../../test-support/test-app.ts';
import { mailOutbox } from '../db/schema.ts';
import { mutationRoute } from '../sync/mutation-route.ts';
import { CLAIM_LEASE_MS, GIVE_UP_MS, KEEP_SENT_MS, outbox, queueMail, retryDelay } from './outbox.ts';

/**
 * Mails go through a durable outbox (DESIGN.md "Where it runs"): a mail that cannot be sent now
 * waits, is retried, and shows in /api/health, instead of being lost while the API says success.
 */

let t: TestApp | undefined;
let smtp: FakeSmtp | undefined;
afterEach(async () => {
  await t?.close();
  await smtp?.close();
  t = undefined;
  smtp = undefined;
});

/** An owner mutation that queues a mail, then applies, is refused, or fails. */
const mailThen = defineCall({
  method: 'POST',
  path: '/api/test/mail-then',
  access: 'owner',
  mutation: true,
  body: z.object({ to: z.string(), outcome: z.enum(['ok', 'refuse', 'crash']) }),
  response: ok({}),
});

function registerMailThen(app: FastifyInstance): void {
  mutationRoute(app, mailThen, async ({ body, queueMail: queue }) => {
    await queue({ to: body.to, subject: 'Prova', text: `Esito: ${body.outcome}`, kind: 'test' });
    if (body.outcome === 'refuse') throw new AppError('CONFLICT', 'Rifiutato');
    if (body.outcome === 'crash') throw new Error('boom');
    return { success: true };
  });
}

const rows = async (app: FastifyInstance) => await app.store.db.select().from(mailOutbox);
const rowsTo = async (app: FastifyInstance, to: string) =>
  await app.store.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));

const signup = (app: FastifyInstance, email: string) =>
  post(app, '/api/user/signup', {
    firstName: 'Giulia',
    lastName: 'Bianchi',
    email,
    password: 'password-sicura-1',
    acceptConditions: true,
  });

async function health(app: FastifyInstance): Promise<{ overdue: number; failed: number }> {
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  return (res.json() as { mail: { overdue: number; failed: number } }).mail;
}

/** Makes MAIL_DIR unusable (a file where the folder should be): root or not, writing fails. */
function breakMailDir(t: TestApp): void {
  rmSync(t.config.mailDir, { recursive: true, force: true });
  writeFileSync(t.config.mailDir, 'not a folder');
}
const fixMailDir = (t: TestApp) => rmSync(t.config.mailDir, { force: true });

describe('SMTP down', () => {
  it('the API still answers; the mail waits with its error and goes out exactly once when SMTP is back', async () => {
    smtp = await startFakeSmtp({ refusing: true });
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    const to = 'giulia@example.it';
    const res = await signup(t.app, to);
    expect(res.statusCode).toBe(200);
    await t.app.mailer.flush();
    expect(smtp.messages).toHaveLength(0);
    const [waiting] = await rowsTo(t.app, to);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(waiting?.lastError).toMatch(/421|not available/i);
    expect(await health(t.app)).toEqual({ overdue: 1, failed: 0 });

    smtp.refusing = false;
    // Not before its turn: the first retry comes 30 s later.
    await t.app.mailer.flush();
    expect(smtp.messages).toHaveLength(0);
    t.app.clock.advance(retryDelay(1));
    await t.app.mailer.flush();
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toContain(`To: ${to}`);
    expect((await rowsTo(t.app, to))[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

    // Exactly once: later turns, wakes and flushes send nothing more.
    t.app.clock.advance(60 * 60_000);
    t.app.mailer.wake();
    await t.app.mailer.flush();
    expect(smtp.messages).toHaveLength(1);
    expect(await health(t.app)).toEqual({ overdue: 0, failed: 0 });
  });

  it('sends at once when SMTP is up (the sender is woken by the queue, no flush needed)', async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    expect((await signup(t.app, 'subito@example.it')).statusCode).toBe(200);
    await smtp.waitFor(1);
    expect(smtp.messages[0]).toContain('To: subito@example.it');
  });
});

describe('mail folder not writable', () => {
  it('keeps the mail until the folder works again, then writes it once; flush never spins', async () => {
    t = await createTestApp();
    breakMailDir(t);
    const to = 'cartella@example.it';
    expect((await signup(t.app, to)).statusCode).toBe(200);
    await t.app.mailer.flush();
    await t.app.mailer.flush();
    expect((await rowsTo(t.app, to))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await rowsTo(t.app, to))[0]?.lastError).toMatch(/EEXIST|ENOTDIR/);

    fixMailDir(t);
    t.app.clock.advance(retryDelay(1));
    const mails = await readMails(t);
    expect(mails.filter((m) => m.text.includes(`To: ${to}`))).toHaveLength(1);
    t.app.clock.advance(retryDelay(5));
    expect((await readMails(t)).filter((m) => m.text.includes(`To: ${to}`))).toHaveLength(1);
  });

  it('a pending mail survives a restart and is sent by the next start', async () => {
    t = await createTestApp();
    breakMailDir(t);
    expect((await signup(t.app, 'riavvio@example.it')).statusCode).toBe(200);
    await t.app.mailer.flush();
    const { dir, config } = t;
    await t.app.close();
    rmSync(config.mailDir, { force: true });
    t = await createTestApp({ dir, config: { fakeNow: new Date(Date.now() + retryDelay(1)).toISOString() } });
    const mails = await readMails(t);
    expect(mails.filter((m) => m.text.includes('To: riavvio@example.it'))).toHaveLength(1);
  });

  it('gives up after a day: marked failed, logged at error, counted by health, warned at start-up', async () => {
    t = await createTestApp();
    breakMailDir(t);
    const error = vi.spyOn(t.app.log, 'error');
    const warn = vi.spyOn(t.app.log, 'warn');
    expect((await signup(t.app, 'mai@example.it')).statusCode).toBe(200);
    await t.app.mailer.flush();
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ attempts: 1 }),
      expect.stringMatching(/retry/),
    );
    t.app.clock.advance(GIVE_UP_MS);
    await t.app.mailer.flush();
    expect((await rowsTo(t.app, 'mai@example.it'))[0]).toMatchObject({ status: 'failed', attempts: 2 });
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ attempts: 2 }),
      expect.stringMatching(/given up/),
    );
    const counts = await health(t.app);
    expect(counts.failed).toBe(1);
    // Numbers only: no address in the health answer.
    const text = (await t.app.inject({ method: 'GET', url: '/api/health' })).body;
    expect(text).not.toContain('example.it');

    const { dir } = t;
    await t.app.close();
    fixMailDir(t);
    let startWarning: ReturnType<typeof vi.fn> | undefined;
    t = await createTestApp({
      dir,
      before: (app) => {
        startWarning = vi.spyOn(app.log, 'warn') as unknown as ReturnType<typeof vi.fn>;
      },
    });
    expect(startWarning).toHaveBeenCalledWith({ failed: 1 }, expect.stringMatching(/given up/));
  });
});

describe('mails queued by a mutation', () => {
  it('are written in its transaction: none for a refused or failed mutation, one for an applied one', async () => {
    t = await createTestApp({ before: registerMailThen });
    const owner = await createOwner(t);
    const before = (await rows(t.app)).length;
    const refused = await post(
      t.app,
      mailThen.path,
      { to: 'no@example.it', outcome: 'refuse' },
      owner.cookie,
      {
        'idempotency-key': 'mail-then-refuse',
      },
    );
    expect(refused.statusCode).toBe(409);
    const crashed = await post(t.app, mailThen.path, { to: 'no@example.it', outcome: 'crash' }, owner.cookie);
    expect(crashed.statusCode).toBe(503);
    expect(await rows(t.app)).toHaveLength(before);

    const applied = await post(t.app, mailThen.path, { to: 'si@example.it', outcome: 'ok' }, owner.cookie);
    expect(applied.statusCode).toBe(200);
    // In the outbox as the answer leaves: a crash right after the commit would lose nothing.
    expect(await rowsTo(t.app, 'si@example.it')).toHaveLength(1);
    const mails = await readMails(t);
    expect(mails.filter((m) => m.text.includes('To: si@example.it'))).toHaveLength(1);
    expect(mails.filter((m) => m.text.includes('To: no@example.it'))).toHaveLength(0);
  });
});

describe('the outbox', () => {
  it('retries after 30 s, then twice as long each time, at most 30 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map(retryDelay)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_800_000, 1_800_000,
    ]);
  });

  it('a claimed row is nobody else’s until its lease ends (a sender that died mid-send)', async () => {
    t = await createTestApp();
    await t.app.mailer.close(); // this test is the only sender
    const db = t.app.store.db;
    const now = t.app.clock.nowMs();
    const id = await queueMail(db, { to: 'lease@example.it', subject: 'x', text: 'y' }, now);
    const box = outbox(db);
    expect((await box.claim(id, now))?.attempts).toBe(1);
    expect(await box.claim(id, now)).toBeUndefined();
    expect(await box.due(now + CLAIM_LEASE_MS - 1)).toHaveLength(0);
    expect((await box.claim(id, now + CLAIM_LEASE_MS))?.attempts).toBe(2);
  });

  it('sends each mail once however often the sender is woken', async () => {
    t = await createTestApp();
    const app = t.app;
    for (let i = 0; i < 5; i++)
      await app.mailer.queue({ to: `molti${i}@example.it`, subject: 'x', text: 'y' });
    for (let i = 0; i < 20; i++) app.mailer.wake();
    await Promise.all([app.mailer.flush(), app.mailer.flush(), app.mailer.flush()]);
    const mails = (await readMails(t)).filter((m) => m.text.includes('molti'));
    expect(mails).toHaveLength(5);
    expect(
      (await rows(app)).filter((r) => r.recipient.startsWith('molti')).every((r) => r.attempts === 1),
    ).toBe(true);
  });

  it('prunes sent mails after a few days', async () => {
    t = await createTestApp();
    await t.app.mailer.queue({ to: 'vecchia@example.it', subject: 'x', text: 'y' });
    await t.app.mailer.flush();
    expect(await rowsTo(t.app, 'vecchia@example.it')).toHaveLength(1);
    t.app.clock.advance(KEEP_SENT_MS + 60 * 60_000);
    await t.app.mailer.queue({ to: 'nuova@example.it', subject: 'x', text: 'y' });
    await t.app.mailer.flush();
    expect(await rowsTo(t.app, 'vecchia@example.it')).toHaveLength(0);
    expect(await rowsTo(t.app, 'nuova@example.it')).toHaveLength(1);
  });
});
