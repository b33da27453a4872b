// Child process of the order-live bench: the real app (production settings, demo venue) on a
// loopback port, its clock inside the demo's opening hours, plus `argv[2] - 1` copies of the demo
// venue (owner, rooms, tables, menu) so there are that many venues with their own owners.
// `argv[3]` = `caps` keeps the per-address connection and socket caps of production.
// The parent reads `ready` over IPC (venues, password, guest session cookies), may ask `cpu`
// (process CPU time so far) and sends `stop`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadConfig } from '@comanda/sync-server';
import type Database from 'better-sqlite3';
import { LOAD_TOOL_ENV } from '../support/server.ts';

const dir = mkdtempSync(join(tmpdir(), 'comanda-bench-order-live-'));
const venueCount = Number(process.argv[2] ?? '20');
const PASSWORD = 'bench-password';
/** The app's id shape (128 random bits, base64url). */
const randomId = (): string => randomBytes(16).toString('base64url');
/** Rome 20:00, inside the demo venue's 18:00-02:00 (copied to every venue). */
const OPEN_NOW = '2025-07-15T20:00:00+02:00';

const config = loadConfig(
  {
    NODE_ENV: 'production',
    DATABASE_URL: `file:${join(dir, 'comanda.db')}`,
    MAIL_DIR: join(dir, 'mail'),
    LOG_LEVEL: 'silent',
    COMANDA_DEMO: '1',
    COMANDA_DEMO_PASSWORD: PASSWORD,
    COMANDA_FAKE_NOW: OPEN_NOW,
    HOST: '127.0.0.1',
    // Every socket of the bench comes from loopback, where the venues' phones would have many;
    // the abuse soak (`caps`) keeps the per-address caps: its attackers have an address of their own.
    // Otherwise the customer order quotas are raised too: the benches are load tools.
    ...(process.argv[3] === 'caps'
      ? {}
      : { ...LOAD_TOOL_ENV, LIVE_MAX_SOCKETS_PER_ADDRESS: '5000', MAX_CONNECTIONS_PER_ADDRESS: '0' }),
  },
  dir,
);
const app = await buildApp(config);
const demoId = app.demo?.businessId ?? '';
const sqlite: Database.Database = app.store.sqlite;

/** Columns that name another row of the venue: rewritten to the copy's ids. */
const REFERENCES = ['business_id', 'owner_user_id', 'room_id', 'category_id', 'dish_id', 'variant_id'];

/**
 * Copies the rows of `table` that match `where`, each with a fresh id and its references rewritten through
 * `ids` (old id -> new id, filled as rows are copied, so parents must be copied first).
 */
function copyRows(
  table: string,
  where: string,
  param: string,
  ids: Map<string, string>,
  override: Record<string, unknown> = {},
): void {
  const rows = sqlite.prepare(`SELECT * FROM ${table} WHERE ${where}`).all(param) as Array<
    Record<string, unknown>
  >;
  for (const row of rows) {
    const copy: Record<string, unknown> = { ...row, ...override };
    const fresh = randomId();
    ids.set(String(row.id), fresh);
    copy.id = fresh;
    for (const column of REFERENCES) {
      const old = copy[column];
      if (typeof old === 'string' && ids.has(old)) copy[column] = ids.get(old);
    }
    const columns = Object.keys(copy);
    sqlite
      .prepare(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
      )
      .run(copy);
  }
}

/** Copy `index` of the demo venue, owned by bench-<index>@comanda.test (same password hash). */
function copyDemoVenue(index: number): void {
  const ids = new Map<string, string>();
  const owner = sqlite.prepare('SELECT owner_user_id AS id FROM businesses WHERE id = ?').get(demoId) as {
    id: string;
  };
  copyRows('users', 'id = ?', owner.id, ids, { email: `bench-${index}@comanda.test` });
  copyRows('businesses', 'id = ?', demoId, ids, { name: `Locale ${index}` });
  for (const table of ['rooms', 'tables', 'categories', 'dishes'])
    copyRows(table, 'business_id = ?', demoId, ids);
  copyRows('variants', 'dish_id IN (SELECT id FROM dishes WHERE business_id = ?)', demoId, ids);
  copyRows(
    'variant_options',
    'variant_id IN (SELECT v.id FROM variants v JOIN dishes d ON d.id = v.dish_id WHERE d.business_id = ?)',
    demoId,
    ids,
  );
}

sqlite.transaction(() => {
  for (let i = 1; i < venueCount; i++) copyDemoVenue(i);
})();

const venues = (
  sqlite
    .prepare(
      `SELECT b.id AS businessId, u.email AS email FROM businesses b JOIN users u ON u.id = b.owner_user_id
       ORDER BY b.created_at, u.email`,
    )
    .all() as Array<{ businessId: string; email: string }>
).map((venue) => ({
  ...venue,
  tableIds: (
    sqlite
      .prepare('SELECT id FROM tables WHERE business_id = ? ORDER BY number')
      .all(venue.businessId) as Array<{
      id: string;
    }>
  ).map((t) => t.id),
}));

/**
 * Guest sessions for the phones' sockets, one each (a session holds at most four sockets and
 * has one frame budget), made here: guest logins are rate-limited per address, and every bench
 * client is on loopback.
 */
const guests: string[] = [];
for (let i = 0; i < 600; i++) {
  const id = randomId();
  sqlite
    .prepare("INSERT INTO users (id, role, is_anonymous, created_at) VALUES (?, 'user', 1, ?)")
    .run(id, app.clock.nowMs());
  guests.push(`comanda_sid=${(await app.sessions.open(app.store.db, id)).token}`);
}

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

process.on('message', (msg: { type: string }) => {
  if (msg.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ type: 'cpu', micros: user + system });
  } else if (msg.type === 'stop') {
    void app.close().then(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  }
});
process.send?.({ type: 'ready', port, password: PASSWORD, venues, guests });
