import { calls, serverEvents } from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Dash, entry, setupDashboard } from '../../test-support/kits/dashboard.ts';
import { connectLive, type LiveClient, listen, settle } from '../../test-support/kits/rooms.ts';
import { createGuest } from '../../test-support/test-app.ts';

let v: Dash;
let base: string;
const sockets: LiveClient[] = [];

beforeEach(async () => {
  v = await setupDashboard();
  base = await listen(v.app);
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.ws.terminate();
  await v.app.close();
});

async function live(query: string, cookie: string): Promise<LiveClient> {
  const client = await connectLive(base, query, cookie);
  sockets.push(client);
  return client;
}

/** The sender's tablet, another tablet of the venue, a phone at the table, one at another table. */
async function sockets4() {
  const venue = `ownerId=${v.owner.venueId}`;
  return {
    sender: await live(venue, v.owner.cookie),
    other: await live(venue, v.owner.cookie),
    phone: await live(`${venue}&tableId=${v.tableId}`, v.guest),
    elsewhere: await live(`${venue}&tableId=${v.otherTableId}`, await createGuest(v.app)),
  };
}

describe('dashboard live events', () => {
  it('status, modify and print reach the other tablet with the version, never the sender', async () => {
    const { sender, other, phone } = await sockets4();
    const status = await v.tablet.send(
      calls.dashboardStatusSet.path,
      { id: v.lines[0]?.id, status: 'ready' },
      sender.socketId,
    );
    const update = await other.next('updateTable');
    expect(update.version).toBe(Number(status.headers['x-comanda-version']));
    const table = serverEvents.updateTable.parse(update.data).table;
    expect(table.reservations.map((l) => l.status)).toEqual(['ready', 'preparation']);

    await v.tablet.send(
      calls.dashboardTableModify.path,
      { tableId: v.tableId, reservations: [{ id: v.lines[1]?.id, amount: 5 }] },
      sender.socketId,
    );
    const modify = serverEvents.modifyTable.parse((await other.next('modifyTable')).data);
    expect(modify.table.reservations[1]?.amount).toBe(5);

    await v.tablet.send(
      calls.dashboardTablePrint.path,
      { tableId: v.tableId, selected_option: 'cucina' },
      sender.socketId,
    );
    const printed = serverEvents.updateTable.parse((await other.next('updateTable')).data);
    expect(printed.table.reservations.map((l) => l.printed)).toEqual([1, 0]);

    await settle();
    expect(sender.frames).toEqual([]);
    expect(phone.frames).toEqual([]);
  });

  it('completing: removeTable to the tablets, eraseOrder to the table’s phones only', async () => {
    const { sender, other, phone, elsewhere } = await sockets4();
    const table = await entry(v);
    const res = await v.tablet.send(
      calls.dashboardTableHistory.path,
      { table, totaleOrdine: 0, costoConsegna: 0, totalePagato: 0 },
      sender.socketId,
    );
    const version = Number(res.headers['x-comanda-version']);
    expect(await other.next('removeTable')).toEqual({
      event: 'removeTable',
      data: { tableId: v.tableId, isDelivery: false },
      version,
    });
    expect(await other.next('switchTableStatus')).toMatchObject({ data: { id: v.tableId, status: false } });
    expect(await phone.next('eraseOrder')).toEqual({
      event: 'eraseOrder',
      data: { tableId: v.tableId },
      version,
    });
    await settle();
    expect(sender.frames).toEqual([]);
    expect(elsewhere.frames).toEqual([]);
    expect(other.frames.filter((f) => f.event === 'eraseOrder')).toEqual([]);
  });

  it('an out-of-menu line rings like an order: tablets and the table’s phones get `order`', async () => {
    const { sender, other, phone } = await sockets4();
    await v.tablet.send(
      calls.dashboardTableOutOfMenuAdd.path,
      { tableId: v.tableId, line: { name: 'Caffè', price: 120, selected_option: 'bar' } },
      sender.socketId,
    );
    const event = serverEvents.order.parse((await other.next('order')).data);
    expect(event.table.reservations.map((l) => l.name)).toEqual(['Caffè']);
    expect(serverEvents.order.parse((await phone.next('order')).data)).toEqual(event);
    await settle();
    expect(sender.frames).toEqual([]);
  });
});
