import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { storeDialect } from '../src/db/dialect.ts';
import { createDatabase, dropDatabase } from './pg/embedded.ts';
import { rowOf, tableNames } from './raw-sql.ts';

/**
 * Test helper: the real app on a real SQLite file in a temp folder, driven with `inject`; in a
 * PostgreSQL project (DATABASE_URL set by test-support/pg/setup-env.ts), on a fresh database of
 * that server instead. `before` may register test-only routes before the app is ready. `dir`
 * reopens the folder (and database) of an app closed with `app.close()` (a restart); `close()`
 * removes the folder and the database.
 */
export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dir: string;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    config?: Partial<Config>;
    before?: (app: FastifyInstance) => void;
    dir?: string;
  } = {},
): Promise<TestApp> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'comanda-test-'));
  const database = await databaseOf(dir);
  const config = {
    ...loadConfig(
      {
        ...database.env,
        MAIL_DIR: join(dir, 'mail'),
        LOG_LEVEL: 'silent',
        ...options.env,
      },
      dir,
    ),
    pwaDist: join(dir, 'no-pwa'),
    responseCheck: 'throw' as const,
    ...options.config,
  };
  const app = await buildApp(config);
  options.before?.(app);
  await app.ready();
  return {
    app,
    config,
    dir,
    async close() {
      await app.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The database of a test app's folder: its SQLite file, or on PostgreSQL a database created for
 * it, whose address the folder keeps (`postgres-url`) so a restart reopens the same one.
 */
async function databaseOf(dir: string): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (storeDialect === 'sqlite') {
    return { env: { DATABASE_URL: `file:${join(dir, 'comanda.db')}` }, drop: async () => {} };
  }
  const adminUrl = process.env.DATABASE_URL ?? '';
  const file = join(dir, 'postgres-url');
  const url = existsSync(file) ? readFileSync(file, 'utf8') : await createDatabase(adminUrl);
  writeFileSync(file, url);
  return {
    // Hosted mode wants the secret every instance shares (config.ts).
    env: { DATABASE_URL: url, SESSION_SECRET: 'test-secret-shared-by-every-instance' },
    drop: () => dropDatabase(adminUrl, url),
  };
}

/** The `comanda_sid=...` pair from a response's Set-Cookie, for the next request. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'comanda_sid');
  if (!c) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `comanda_sid=${c.value}`;
}

export function post(
  app: FastifyInstance,
  url: string,
  body?: unknown,
  cookie?: string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** Mails written to MAIL_DIR, oldest first, as text. */
export async function readMails(t: TestApp): Promise<Array<{ file: string; text: string }>> {
  await t.app.mailer.flush();
  let files: string[] = [];
  try {
    files = readdirSync(t.config.mailDir).sort();
  } catch {
    return [];
  }
  return files.map((file) => ({ file, text: readFileSync(join(t.config.mailDir, file), 'utf8') }));
}

/** The last link in the last mail sent to that address. */
export async function lastLink(t: TestApp, to: string): Promise<string> {
  const mails = (await readMails(t)).filter((m) => m.file.includes(to));
  const text = mails.at(-1)?.text ?? '';
  const links = text.match(/https?:\/\/\S+/g);
  if (!links) throw new Error(`no link in mail to ${to}`);
  return links.at(-1) as string;
}

export interface Owner {
  cookie: string;
  userId: string;
  venueId: string;
  email: string;
  password: string;
}

let counter = 0;

/** A confirmed, signed-in owner with a venue, made through the real API. */
export async function createOwner(t: TestApp, email = `owner${++counter}@example.it`): Promise<Owner> {
  const password = 'password-sicura-1';
  const signup = await post(t.app, '/api/owner/signup', {
    firstName: 'Mario',
    lastName: 'Rossi',
    email,
    password,
    acceptConditions: true,
    businessName: 'Pizzeria da Mario',
  });
  if (signup.statusCode !== 200) throw new Error(`owner signup: ${signup.body}`);
  const link = await lastLink(t, email);
  const token = link.split('/').pop() ?? '';
  const confirm = await post(t.app, '/api/owner/confirmEmail', { token });
  if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.body}`);
  const login = await post(t.app, '/api/owner/login', { email, password });
  if (login.statusCode !== 200) throw new Error(`owner login: ${login.body}`);
  const answer = login.json() as { id: string; businessId: string };
  return { cookie: sessionCookie(login), userId: answer.id, venueId: answer.businessId, email, password };
}

/** A confirmed, signed-in customer's session cookie, made through the real API. */
export async function createCustomer(
  t: TestApp,
  email = `cliente${++counter}@example.it`,
  password = 'password-sicura-1',
): Promise<string> {
  const signup = await post(t.app, '/api/user/signup', {
    firstName: 'Giulia',
    lastName: 'Bianchi',
    email,
    password,
    acceptConditions: true,
  });
  if (signup.statusCode !== 200) throw new Error(`customer signup: ${signup.body}`);
  const token = (await lastLink(t, email.trim().toLowerCase())).split('/').pop() ?? '';
  const confirm = await post(t.app, '/api/owner/confirmEmail', { token });
  if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.body}`);
  const login = await post(t.app, '/api/user/login', { email, password });
  if (login.statusCode !== 200) throw new Error(`customer login: ${login.body}`);
  return sessionCookie(login);
}

/** A guest (anonymous) customer session cookie. */
export async function createGuest(t: TestApp): Promise<string> {
  const res = await post(t.app, '/api/user/login', { isAnonymus: true });
  if (res.statusCode !== 200) throw new Error(`guest login: ${res.body}`);
  return sessionCookie(res);
}

/**
 * An owner's switch into the customer flow (spec 1), as the PWA makes it: a handoff from
 * sessionId/get, then a guest login with it as `returnTo`, both with the owner's cookie. Answers
 * the switched guest's session cookie; the owner's stays valid.
 */
export async function switchToGuest(t: TestApp, ownerCookie: string): Promise<string> {
  const handoff = await post(t.app, '/api/user/sessionId/get', undefined, ownerCookie);
  if (handoff.statusCode !== 200) throw new Error(`sessionId/get: ${handoff.body}`);
  const { sessionId, userId } = handoff.json() as { sessionId: string; userId: string };
  const res = await post(
    t.app,
    '/api/user/login',
    { isAnonymus: true, returnTo: { sessionId, userId } },
    ownerCookie,
  );
  if (res.statusCode !== 200) throw new Error(`switch to guest: ${res.body}`);
  return sessionCookie(res);
}

/** Row count of every table: "nothing written" is checked by comparing two of these. */
/**
 * Row counts of what calls store: `rowCounts` but the hosted quotas' windows (quota_windows),
 * which every customer send moves, refused or not ("Abuse": a send counts before it is judged).
 */
export async function storedRowCounts(app: FastifyInstance): Promise<Record<string, number>> {
  const { quota_windows: _requestsCounted, ...stored } = await rowCounts(app);
  return stored;
}

export async function rowCounts(app: FastifyInstance): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of await tableNames(app)) {
    const row = await rowOf<{ n: number }>(app, sql`SELECT count(*) AS n FROM ${sql.identifier(name)}`);
    counts[name] = Number(row?.n ?? 0);
  }
  return counts;
}
