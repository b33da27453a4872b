// Replay of queued owner mutations after a reconnect, through the real PWA data layer (Dexie on
// fake-indexeddb, outbox, replayer, catch-up, live pokes) against the real server on loopback.
// Server and both tablets share this process, so the figure includes their work too.
import 'fake-indexeddb/auto';
import { uuid } from '../../pwa/src/data/uuid.ts';
import { settle, synced, waitFor } from '../sync/checks.ts';
import { Device } from '../sync/device.ts';
import { ServerHandle } from '../sync/server.ts';
import { report, round } from './report.ts';

export async function benchReplay(moves = 1000): Promise<void> {
  const server = await ServerHandle.start();
  try {
    const a = new Device(server);
    const b = new Device(server);
    a.openTab({ live: true });
    b.openTab({ live: true });
    await synced(a);
    await synced(b);
    const roomId = uuid();
    const tableId = uuid();
    await a.client.mutate('roomsAdd', { id: roomId, name: 'Banco prova' });
    await a.client.mutate('tablesAdd', { id: tableId, roomId, x: 10, y: 70 });
    await settle([a, b], server);

    a.goOffline();
    for (let i = 1; i <= moves; i++) {
      await a.client.mutate('tablesSetCoords', { tableId, x: (i * 7) % 1950, y: (i * 13) % 1950 });
    }
    const clientId = (await a.meta()).clientId;
    const target = (await server.lastMutationId(clientId)) + moves;

    const t0 = performance.now();
    a.goOnline();
    await waitFor(
      'server has every move',
      async () => (await server.lastMutationId(clientId)) >= target,
      120_000,
    );
    const serverDone = performance.now() - t0;
    const version = await server.version();
    await waitFor('tablet B caught up', async () => (await b.meta()).lastVersion >= version, 120_000);
    const bDone = performance.now() - t0;

    report({ bench: 'replay', metric: 'queued_table_moves', value: moves, unit: 'mutations' });
    report({ bench: 'replay', metric: 'server_has_all', value: round(serverDone / 1000, 3), unit: 's' });
    report({
      bench: 'replay',
      metric: 'other_tablet_caught_up',
      value: round(bDone / 1000, 3),
      unit: 's',
      budget: 5,
      ok: bDone / 1000 < 5,
    });
    a.close();
    b.close();
  } finally {
    await server.close();
  }
}
