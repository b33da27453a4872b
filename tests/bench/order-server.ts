// Child process of the order bench, in one of two modes (argv[2]):
// - `app`: the real app (demo venue, production settings) on a loopback port, its clock inside
//   the demo's opening hours;
// - `bare`: the baseline, a bare Fastify route that inserts one row with better-sqlite3 (WAL and
//   the app's pragmas) and answers JSON.
// With a PostgreSQL DATABASE_URL in its environment (the hosted bench), both run on PostgreSQL:
// the app on a migrated database, the baseline inserting one row through a `pg` pool.
// The parent reads `ready` over IPC and sends `stop` when done.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadConfig } from '@comanda/sync-server';
import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { rowOf, runSql } from '../../sync-server/test-support/raw-sql.ts';
import { LOAD_TOOL_ENV } from '../support/server.ts';
import { copyDemoVenue, listVenues } from './venue-copies.ts';

const dir = mkdtempSync(join(tmpdir(), 'comanda-bench-order-'));
const mode = process.argv[2];

/** Rome 20:00, inside the demo venue's 18:00-02:00. */
const OPEN_NOW = '2025-07-15T20:00:00+02:00';

const EXTRA_TABLES = 1000;

const postgresUrl = /^postgres/.test(process.env.DATABASE_URL ?? '') ? process.env.DATABASE_URL : undefined;

async function startApp(): Promise<{ app: FastifyInstance; extra: Record<string, unknown> }> {
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      DATABASE_URL: postgresUrl ?? `file:${join(dir, 'comanda.db')}`,
      ...(postgresUrl ? { SESSION_SECRET: 'bench-secret-of-sixteen-chars' } : {}),
      MAIL_DIR: join(dir, 'mail'),
      LOG_LEVEL: 'silent',
      // PG_POOL_MAX=n in the bench's environment tries another pool size (hosted).
      ...(process.env.PG_POOL_MAX ? { PG_POOL_MAX: process.env.PG_POOL_MAX } : {}),
      COMANDA_DEMO: '1',
      COMANDA_DEMO_PASSWORD: 'bench-password',
      COMANDA_FAKE_NOW: OPEN_NOW,
      HOST: '127.0.0.1',
      ...LOAD_TOOL_ENV,
    },
    dir,
  );
  const app = await buildApp(config);
  const businessId = app.demo?.venueId ?? '';
  // A big room, so the load spreads over many tables: a handful would reach the order ceilings'
  // lines per table (shared-schema ENTRY_LINES_MAX) within seconds at this rate.
  const room = await rowOf<{ roomId: string; last: number }>(
    app,
    sql`SELECT (SELECT room_id FROM tables WHERE business_id = ${businessId} LIMIT 1) AS "roomId",
      (SELECT max(number) FROM tables WHERE business_id = ${businessId}) AS last`,
  );
  if (!room) throw new Error('the demo venue has no room');
  const now = Date.now();
  const values = Array.from(
    { length: EXTRA_TABLES },
    (_, i) => sql`(${randomUUID()}, ${businessId}, ${room.roomId}, ${Number(room.last) + i + 1}, ${now})`,
  );
  await runSql(
    app,
    sql`INSERT INTO tables (id, business_id, room_id, number, created_at) VALUES ${sql.join(values, sql`, `)}`,
  );
  // BENCH_VENUES=n: the demo venue and n - 1 copies of it (tables and menu included), orders
  // spread over them, as a hosted instance serves many venues at once.
  const venueCount = Number(process.env.BENCH_VENUES ?? 1);
  await copyDemoVenue(app, businessId, venueCount - 1);
  const venues = (await listVenues(app)).map(({ businessId: id, tableIds }) => ({
    businessId: id,
    tableIds,
  }));
  return { app, extra: { businessId, tableIds: venues[0]?.tableIds ?? [], venues } };
}

async function startBarePg(url: string): Promise<{ app: FastifyInstance; extra: Record<string, unknown> }> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query(
    'CREATE TABLE bare_rows (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, body jsonb NOT NULL, created_at bigint NOT NULL)',
  );
  const app = Fastify({ logger: false, bodyLimit: 256 * 1024 });
  app.post('/bare', async (req) => {
    const inserted = await pool.query<{ id: string }>(
      'INSERT INTO bare_rows (body, created_at) VALUES ($1, $2) RETURNING id',
      [JSON.stringify(req.body), Date.now()],
    );
    return { success: true, id: Number(inserted.rows[0]?.id) };
  });
  app.addHook('onClose', async () => {
    await pool.end();
  });
  return { app, extra: {} };
}

async function startBare(): Promise<{ app: FastifyInstance; extra: Record<string, unknown> }> {
  if (postgresUrl) return startBarePg(postgresUrl);
  const sqlite = new Database(join(dir, 'bare.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.exec(
    'CREATE TABLE rows (id INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL, created_at INTEGER NOT NULL)',
  );
  const insert = sqlite.prepare('INSERT INTO rows (body, created_at) VALUES (?, ?)');
  const app = Fastify({ logger: false, bodyLimit: 256 * 1024 });
  app.post('/bare', async (req) => {
    const { lastInsertRowid } = insert.run(JSON.stringify(req.body), Date.now());
    return { success: true, id: Number(lastInsertRowid) };
  });
  app.addHook('onClose', async () => {
    sqlite.close();
  });
  return { app, extra: {} };
}

const { app, extra } = mode === 'bare' ? await startBare() : await startApp();
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

process.on('message', (msg: { type: string }) => {
  // The parent reads this process's CPU time around each slice: the cost of a request here.
  if (msg.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ type: 'cpu', ms: (user + system) / 1000 });
  }
  if (msg.type === 'stop') {
    void app.close().then(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  }
});
process.send?.({ type: 'ready', port, ...extra });
