// Child process of the order bench, in one of two modes (argv[2]):
// - `app`: the real app (demo venue, production settings) on a loopback port, its clock inside
//   the demo's opening hours;
// - `bare`: the baseline, a bare Fastify route that inserts one row with better-sqlite3 (WAL and
//   the app's pragmas) and answers JSON.
// The parent reads `ready` over IPC and sends `stop` when done.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadConfig } from '@comanda/sync-server';
import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { LOAD_TOOL_ENV } from '../support/server.ts';

const dir = mkdtempSync(join(tmpdir(), 'comanda-bench-order-'));
const mode = process.argv[2];

/** Rome 20:00, inside the demo venue's 18:00-02:00. */
const OPEN_NOW = '2025-07-15T20:00:00+02:00';

const EXTRA_TABLES = 1000;

async function startApp(): Promise<{ app: FastifyInstance; extra: Record<string, unknown> }> {
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      DATABASE_URL: `file:${join(dir, 'comanda.db')}`,
      MAIL_DIR: join(dir, 'mail'),
      LOG_LEVEL: 'silent',
      COMANDA_DEMO: '1',
      COMANDA_DEMO_PASSWORD: 'bench-password',
      COMANDA_FAKE_NOW: OPEN_NOW,
      HOST: '127.0.0.1',
      ...LOAD_TOOL_ENV,
    },
    dir,
  );
  const app = await buildApp(config);
  const businessId = app.demo?.businessId ?? '';
  const { sqlite } = app.store;
  // A big room, so the load spreads over many tables: a handful would reach the order ceilings'
  // lines per table (shared-schema ENTRY_LINES_MAX) within seconds at this rate.
  const room = sqlite
    .prepare('SELECT room_id AS roomId, max(number) AS last FROM tables WHERE business_id = ?')
    .get(businessId) as { roomId: string; last: number };
  const addTable = sqlite.prepare(
    'INSERT INTO tables (id, business_id, room_id, number, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  sqlite.transaction(() => {
    for (let n = 1; n <= EXTRA_TABLES; n++) {
      addTable.run(randomUUID(), businessId, room.roomId, room.last + n, Date.now());
    }
  })();
  const tables = sqlite
    .prepare('SELECT id FROM tables WHERE business_id = ? ORDER BY number')
    .all(businessId) as Array<{ id: string }>;
  return { app, extra: { businessId, tableIds: tables.map((t) => t.id) } };
}

async function startBare(): Promise<{ app: FastifyInstance; extra: Record<string, unknown> }> {
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
  if (msg.type === 'stop') {
    void app.close().then(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  }
});
process.send?.({ type: 'ready', port, ...extra });
