// Child process of the order-live bench: the real app (production settings, demo venue) on a
// loopback port, its clock inside the demo's opening hours, plus `argv[2] - 1` copies of the demo
// venue (owner, rooms, tables, menu) so there are that many venues with their own owners.
// `argv[3]` = `caps` keeps the per-address connection and socket caps of production.
// `--guests=<n>`: guest sessions to make (600 unless told).
// Hosted (DESIGN.md "Hosted"): with a PostgreSQL DATABASE_URL and SESSION_SECRET in its
// environment it serves that database; `--join` makes another instance of a database a first
// child has seeded (nothing is created, no sessions are made).
// The parent reads `ready` over IPC (venues, password, guest session cookies), may ask `cpu`
// (process CPU time so far) and sends `stop`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadConfig } from '@comanda/sync-server';
import { LOAD_TOOL_ENV } from '../support/server.ts';
import type { LiveVenuesReady } from './order-live-protocol.ts';
import { copyDemoVenue, guestSessions, listVenues } from './venue-copies.ts';

const dir = mkdtempSync(join(tmpdir(), 'comanda-bench-order-live-'));
const args = process.argv.slice(2);
const positional = args.filter((a) => !a.startsWith('--'));
const venueCount = Number(positional[0] ?? '20');
const keepCaps = positional[1] === 'caps';
const joining = args.includes('--join');
const guestCount = Number(args.find((a) => a.startsWith('--guests='))?.slice('--guests='.length) ?? '600');
const PASSWORD = 'bench-password';
/** Rome 20:00, inside the demo venue's 18:00-02:00 (copied to every venue). */
const OPEN_NOW = '2025-07-15T20:00:00+02:00';
/** The store is chosen from the environment when the server's modules load (db/dialect.ts). */
const postgresUrl = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')
  ? process.env.DATABASE_URL
  : undefined;

const config = loadConfig(
  {
    NODE_ENV: 'production',
    DATABASE_URL: postgresUrl ?? `file:${join(dir, 'comanda.db')}`,
    // Hosted, every instance signs and checks the same sessions: the parent gives them one secret.
    ...(postgresUrl ? { SESSION_SECRET: process.env.SESSION_SECRET } : {}),
    // Connections per instance: production's default unless the parent says otherwise.
    ...(process.env.PG_POOL_MAX ? { PG_POOL_MAX: process.env.PG_POOL_MAX } : {}),
    MAIL_DIR: join(dir, 'mail'),
    LOG_LEVEL: 'silent',
    COMANDA_DEMO: joining ? '0' : '1',
    COMANDA_DEMO_PASSWORD: PASSWORD,
    COMANDA_FAKE_NOW: OPEN_NOW,
    HOST: '127.0.0.1',
    // Every socket of the bench comes from loopback, where the venues' phones would have many
    // (the broadcast bench holds 5,000 on one instance; the address's upgrade quota is twice
    // the cap per window, across instances). The abuse soak (`caps`) keeps the per-address caps:
    // its attackers have an address of their own. Otherwise the customer order quotas are raised
    // too: the benches are load tools.
    ...(keepCaps
      ? {}
      : { ...LOAD_TOOL_ENV, LIVE_MAX_SOCKETS_PER_ADDRESS: '20000', MAX_CONNECTIONS_PER_ADDRESS: '0' }),
  },
  dir,
);
const app = await buildApp(config);
let guests: string[] = [];
if (!joining) {
  await copyDemoVenue(app, app.demo?.venueId ?? '', venueCount - 1);
  // Phones' sessions (a session holds at most four sockets and has one frame budget).
  guests = await guestSessions(app, guestCount);
}
const venues = joining ? [] : await listVenues(app);

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  void app.close().then(() => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
};
process.on('message', (msg: { type: string }) => {
  if (msg.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ type: 'cpu', micros: user + system });
  } else if (msg.type === 'stop') stop();
});
// The bench process gone (a crash, ^C): no server is left behind.
process.on('disconnect', stop);
const ready: LiveVenuesReady = { type: 'ready', port, password: PASSWORD, venues, guests };
process.send?.(ready);
