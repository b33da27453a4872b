// Child process of the delivery bench: the real app (demo venue, production settings) on a
// loopback port, its clock at Rome 18:30 (open since 18:00) and the demo's delivery window set to
// 19:00-23:45, which is 20 slots of 15 minutes, each taking SLOT_CAPACITY orders. The parent reads
// `ready` over IPC; `count` answers the orders stored per slot, `reset` removes every delivery
// (the next round starts empty), `stop` ends it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadConfig } from '@comanda/sync-server';

const dir = mkdtempSync(join(tmpdir(), 'comanda-bench-delivery-'));
const capacity = Number(process.argv[2] ?? '50');

const config = loadConfig(
  {
    NODE_ENV: 'production',
    DATABASE_URL: `file:${join(dir, 'comanda.db')}`,
    MAIL_DIR: join(dir, 'mail'),
    LOG_LEVEL: 'silent',
    COMANDA_DEMO: '1',
    COMANDA_DEMO_PASSWORD: 'bench-password',
    COMANDA_FAKE_NOW: '2025-07-15T18:30:00+02:00',
    HOST: '127.0.0.1',
    // The bench stands for the proxy: each diner's address comes in x-forwarded-for.
    TRUST_PROXY: '1',
  },
  dir,
);
const app = await buildApp(config);
const businessId = app.demo?.venueId ?? '';
const { sqlite } = app.store;
sqlite
  .prepare(
    "UPDATE businesses SET open_consegna = '19:00', close_consegna = '23:45', slot_capacity = ?, slot_area_capacity = '{}' WHERE id = ?",
  )
  .run(capacity, businessId);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const perSlot = sqlite.prepare(
  "SELECT orario, count(*) AS n FROM orders WHERE business_id = ? AND kind <> 'table' AND closed_at IS NULL GROUP BY orario ORDER BY orario",
);

process.on('message', (msg: { type: string }) => {
  if (msg.type === 'count') {
    process.send?.({ type: 'count', slots: perSlot.all(businessId) });
  } else if (msg.type === 'reset') {
    sqlite.prepare("DELETE FROM orders WHERE business_id = ? AND kind <> 'table'").run(businessId);
    process.send?.({ type: 'reset' });
  } else if (msg.type === 'stop') {
    void app.close().then(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  }
});
process.send?.({ type: 'ready', port, businessId });
