import pg from 'pg';
import { createDatabase, startTestPostgres } from './test-support/pg/embedded.ts';
import { calls, SYNC_HEADERS } from '@comanda/shared-schema';
const server = await startTestPostgres();
const url = await createDatabase(server.adminUrl);
process.env.DATABASE_URL = url;
const { buildApp, loadConfig } = await import('./src/index.ts');
const config = loadConfig({ DATABASE_URL: url, SESSION_SECRET: 'x'.repeat(20), COMANDA_DEMO: '1', COMANDA_DEMO_PASSWORD: 'bench-password', COMANDA_FAKE_NOW: '2025-07-15T20:00:00+02:00', LOG_LEVEL: 'silent', MAIL_DIR: '/tmp/perfmail' }, '/tmp');
const app = await buildApp(config); await app.ready();
const guest = await app.inject({ method: 'POST', url: '/api/user/login', payload: { isAnonymus: true } });
const cookie = `comanda_sid=${guest.cookies.find((c) => c.name === 'comanda_sid')?.value}`;
const businessId = app.demo!.businessId; const tableId = app.demo!.tableId;
const menu = await app.inject({ method: 'POST', url: calls.userMenuGet?.path ?? '/api/menu/user/get', payload: { ownerId: businessId }, headers: { cookie } });
const dishes = (menu.json().menu ?? menu.json().categories ?? []);
const { threeLineCart } = await import('../tests/support/guest-orders.ts');
const addr = await app.listen({ port: 0, host: '127.0.0.1' });
const cart = await threeLineCart(addr, businessId, cookie);
const texts: string[] = [];
const orig = pg.Client.prototype.query;
let counting = false;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) { if (counting) { const a = args[0] as { text?: string } | string; texts.push(typeof a === 'string' ? a : a?.text ?? '?'); } return (orig as Function).apply(this, args); } as typeof orig;
for (let i = 0; i < 3; i++) {
  counting = i === 2;
  const res = await app.inject({ method: 'POST', url: calls.userOrder.path, payload: { cart, tableId, ownerId: businessId }, headers: { cookie, [SYNC_HEADERS.idempotencyKey]: `key-order-${i}` } });
  if (res.statusCode !== 200) console.log(res.body);
}
console.log('queries per order:', texts.length);
for (const t of texts) console.log(' ', t.replace(/\s+/g, ' ').slice(0, 150));
await app.close(); await server.stop();
