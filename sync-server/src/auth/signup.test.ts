import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, readMails, type TestApp } from '../../test-support/test-app.ts';
import { emailTokens, users, venues } from '../db/schema.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const VICTIM = 'lucia.bianchi@example.it';

/** A request from its own client address (an attacker and the victim are never the same one). */
const postFrom = (from: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: from });

const customerSignup = (from: string, password: string, firstName = 'Lucia') =>
  postFrom(from, '/api/user/signup', {
    firstName,
    lastName: 'Bianchi',
    email: VICTIM,
    password,
    acceptConditions: true,
  });

const ownerSignup = (from: string, password: string, businessName: string) =>
  postFrom(from, '/api/owner/signup', {
    firstName: 'Lucia',
    lastName: 'Bianchi',
    email: VICTIM,
    password,
    acceptConditions: true,
    businessName,
  });

/** Every link in the mails to the victim's mailbox, oldest first. */
const linksInMailbox = async () =>
  (await readMails(t))
    .filter((m) => m.file.includes(VICTIM))
    .flatMap((m) => m.text.match(/https?:\/\/\S+\/confirmEmail\/\S+/g) ?? []);

const confirm = (link: string) =>
  postFrom('10.9.9.9', '/api/owner/confirmEmail', { token: link.split('/').pop() });

const loginStatus = async (password: string, path = '/api/user/login') =>
  (await postFrom('10.8.8.8', path, { email: VICTIM, password })).statusCode;

describe('signup before confirmation: only the mailbox decides the password (spec 7)', () => {
  it('the victim signs up, an attacker signs up second: the victim’s own link activates the victim’s password', async () => {
    t = await createTestApp();
    expect((await customerSignup('10.0.0.1', 'password-della-vittima')).json()).toEqual({ success: true });
    const attacker = await customerSignup('10.0.0.66', 'password-di-chi-attacca', 'Intruso');
    expect(attacker.json()).toEqual({ success: true });
    // The attacker's answer carries no link: the link went to the victim's mailbox only.
    expect(attacker.body).not.toMatch(/confirmEmail|token/);
    const mails = await readMails(t);
    expect(mails.every((m) => m.file.includes(VICTIM))).toBe(true);
    const [victimLink, attackerLink] = await linksInMailbox();
    expect(victimLink).toBeDefined();
    expect(attackerLink).toBeDefined();

    expect((await confirm(victimLink as string)).json()).toEqual({ success: true });
    expect(await loginStatus('password-della-vittima')).toBe(200);
    expect(await loginStatus('password-di-chi-attacca')).toBe(401);
    // Confirming voided the other pending links: the attacker's one can no longer be used.
    const late = await confirm(attackerLink as string);
    expect(late.json()).toMatchObject({ success: false, code: 'TOKEN_INVALID' });
    expect(await loginStatus('password-di-chi-attacca')).toBe(401);
    expect(await loginStatus('password-della-vittima')).toBe(200);
    // The account carries the names typed with the clicked link's signup.
    expect(await t.app.store.db.select().from(users)).toMatchObject([{ firstName: 'Lucia' }]);
  });

  it('a later signup neither changes the stored password nor voids the earlier links', async () => {
    t = await createTestApp();
    await customerSignup('10.0.0.1', 'password-della-vittima');
    const [before] = await t.app.store.db.select().from(users);
    await customerSignup('10.0.0.66', 'password-di-chi-attacca', 'Intruso');
    const [after] = await t.app.store.db.select().from(users);
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect(after?.firstName).toBe('Lucia');
    const pending = await t.app.store.db.select().from(emailTokens);
    expect(pending).toHaveLength(2);
    expect(pending.every((row) => row.usedAt === null && row.passwordHash?.startsWith('$argon2id$'))).toBe(
      true,
    );
  });

  it('links clicked in either order: the first link clicked wins, with its own password', async () => {
    for (const order of ['first-then-second', 'second-then-first'] as const) {
      t = await createTestApp();
      await customerSignup('10.0.0.1', 'password-uno-1');
      await customerSignup('10.0.0.2', 'password-due-2');
      const [one, two] = (await linksInMailbox()) as [string, string];
      const [winner, loser, winnerPassword, loserPassword] =
        order === 'first-then-second'
          ? [one, two, 'password-uno-1', 'password-due-2']
          : [two, one, 'password-due-2', 'password-uno-1'];
      expect((await confirm(winner)).json(), order).toEqual({ success: true });
      expect((await confirm(loser)).json(), order).toMatchObject({ code: 'TOKEN_INVALID' });
      expect(await loginStatus(winnerPassword), order).toBe(200);
      expect(await loginStatus(loserPassword), order).toBe(401);
      await t.close();
    }
  });

  it('an owner signup: the attacker second neither sets the password nor renames the venue', async () => {
    t = await createTestApp();
    await ownerSignup('10.0.0.1', 'password-della-vittima', 'Pizzeria Vera');
    await ownerSignup('10.0.0.66', 'password-di-chi-attacca', 'Locale Truffa');
    expect(await t.app.store.db.select({ name: venues.name }).from(venues)).toEqual([
      { name: 'Pizzeria Vera' },
    ]);
    const [victimLink, attackerLink] = (await linksInMailbox()) as [string, string];
    expect(victimLink).toContain('/owner/confirmEmail/');
    expect((await confirm(victimLink)).json()).toEqual({ success: true });
    expect(await loginStatus('password-della-vittima', '/api/owner/login')).toBe(200);
    expect(await loginStatus('password-di-chi-attacca', '/api/owner/login')).toBe(401);
    expect((await confirm(attackerLink)).json()).toMatchObject({ code: 'TOKEN_INVALID' });
    expect(await t.app.store.db.select({ name: venues.name }).from(venues)).toEqual([
      { name: 'Pizzeria Vera' },
    ]);
  });

  it('a confirmed account is never changed by a signup, whatever its role', async () => {
    t = await createTestApp();
    await ownerSignup('10.0.0.1', 'password-della-vittima', 'Pizzeria Vera');
    await confirm((await linksInMailbox())[0] as string);
    const [before] = await t.app.store.db.select().from(users);
    await ownerSignup('10.0.0.66', 'password-di-chi-attacca', 'Locale Truffa');
    await customerSignup('10.0.0.67', 'password-di-chi-attacca', 'Intruso');
    expect(await t.app.store.db.select().from(users)).toEqual([before]);
    expect(await t.app.store.db.select({ name: venues.name }).from(venues)).toEqual([
      { name: 'Pizzeria Vera' },
    ]);
    const last = (await readMails(t)).at(-1)?.text ?? '';
    expect(last).toMatch(/che ha già un account/);
    expect(await loginStatus('password-della-vittima', '/api/owner/login')).toBe(200);
  });
});

describe('signup mails per mailbox (spec 7)', () => {
  it('at most 3 a quarter of an hour whoever asks, the same answer either way', async () => {
    t = await createTestApp();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await customerSignup(`10.0.1.${i}`, `password-numero-${i}`));
    expect(answers.map((a) => [a.statusCode, a.body])).toEqual(
      answers.map(() => [200, JSON.stringify({ success: true })]),
    );
    expect(await linksInMailbox()).toHaveLength(3);
    // Capped signups stored nothing: no link that nobody received.
    expect(await t.app.store.db.select().from(emailTokens)).toHaveLength(3);
    // A sliding window: half an hour on, the earlier signups no longer count.
    t.app.clock.advance(30 * 60_000);
    await customerSignup('10.0.1.9', 'password-numero-9');
    expect(await linksInMailbox()).toHaveLength(4);
  });

  it("also caps the 'account exists' mails of a confirmed address", async () => {
    t = await createTestApp();
    await customerSignup('10.0.0.1', 'password-della-vittima');
    await confirm((await linksInMailbox())[0] as string);
    const before = (await readMails(t)).length;
    for (let i = 0; i < 6; i++) {
      const res = await customerSignup(`10.0.2.${i}`, 'password-di-chi-attacca');
      expect(res.json()).toEqual({ success: true });
    }
    // One of the quarter hour's 3 went to the first signup's link.
    expect((await readMails(t)).length - before).toBe(2);
  });

  it('a name cannot forge lines or links in the mail', async () => {
    t = await createTestApp();
    const res = await postFrom('10.0.0.1', '/api/owner/signup', {
      firstName: 'Lucia\n\nIl tuo account è bloccato: https://evil.example/sblocca',
      lastName: 'Bianchi',
      email: VICTIM,
      password: 'password-della-vittima',
      acceptConditions: true,
      businessName: 'Pizzeria\r\nApri subito www.evil.example\u202e',
    });
    expect(res.statusCode).toBe(200);
    const mail = (await readMails(t)).at(-1)?.text ?? '';
    expect(mail).not.toContain('evil.example');
    expect(mail).not.toContain('\u202e');
    expect(mail).not.toMatch(/^Il tuo account/m);
    expect(mail).not.toMatch(/^Apri subito/m);
    // The one link in the mail is ours.
    expect(mail.match(/https?:\/\/\S+/g)).toHaveLength(1);
  });
});
