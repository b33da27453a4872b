// Child process of the hub bench: the real app (demo venue) on a loopback port. The parent
// drives it over IPC: `publish` broadcasts one event to the venue's owners, `rss` reports memory.
// `ready` carries owner session cookies for the sockets.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadConfig } from '@comanda/sync-server';

const dir = mkdtempSync(join(tmpdir(), 'comanda-bench-'));
const config = loadConfig(
  {
    DATABASE_URL: `file:${join(dir, 'comanda.db')}`,
    MAIL_DIR: join(dir, 'mail'),
    LOG_LEVEL: 'silent',
    COMANDA_DEMO: '1',
    COMANDA_DEMO_PASSWORD: 'bench-password',
    HOST: '127.0.0.1',
    // Every socket of the bench comes from loopback: one address holding a thousand.
    LIVE_MAX_SOCKETS_PER_ADDRESS: '5000',
    MAX_CONNECTIONS_PER_ADDRESS: '0',
  },
  dir,
);
const app = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const businessId = app.demo?.venueId ?? '';
// One session per ten sockets (an owner session holds at most ten), as screens signed in apart.
const ownerId = app.store.sqlite
  .prepare('SELECT owner_user_id FROM businesses WHERE id = ?')
  .pluck()
  .get(businessId) as string;
const cookies: string[] = [];
for (let i = 0; i < 200; i++)
  cookies.push(`comanda_sid=${(await app.sessions.open(app.store.db, ownerId)).token}`);

process.on('message', (msg: { type: string }) => {
  if (msg.type === 'publish') {
    app.hub.publish(businessId, 'enableOrder', {});
    process.send?.({ type: 'published' });
  } else if (msg.type === 'rss') {
    global.gc?.();
    process.send?.({ type: 'rss', rss: process.memoryUsage().rss });
  } else if (msg.type === 'stop') {
    void app.close().then(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  }
});
process.send?.({ type: 'ready', port, businessId, cookies });
