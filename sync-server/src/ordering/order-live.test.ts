import { calls, serverEvents, t } from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cartLine,
  type OrderAnswer,
  orderBody,
  placeOrder,
  setupVenue,
  type Venue,
} from '../../test-support/kits/ordering.ts';
import { connectLive, type LiveClient, listen, settle } from '../../test-support/kits/rooms.ts';
import { createGuest } from '../../test-support/test-app.ts';

let v: Venue;
let base: string;
const sockets: LiveClient[] = [];

beforeEach(async () => {
  v = await setupVenue();
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

describe('order live events', () => {
  it('the owner’s socket receives order with the new lines; the table’s other phone too, not the sender', async () => {
    const venue = `ownerId=${v.owner.venueId}`;
    const ownerWs = await live(venue, v.owner.cookie);
    const sender = await live(`${venue}&tableId=${v.tableId}`, v.guest);
    const friend = await live(`${venue}&tableId=${v.tableId}`, await createGuest(v.app));
    const elsewhere = await live(`${venue}&tableId=${v.otherTableId}`, await createGuest(v.app));

    const res = await placeOrder(
      v,
      orderBody(v, [cartLine(v.menu.margherita, 1, { Formato: ['Maxi'] }), cartLine(v.menu.birra, 2)], {
        socketId: sender.socketId,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as OrderAnswer;
    const version = Number(res.headers['x-comanda-version']);

    const order = await ownerWs.next('order');
    expect(order.version).toBe(version);
    expect(serverEvents.order.safeParse(order.data).success).toBe(true);
    const table = (order.data as { table: Record<string, unknown> }).table;
    expect(table).toMatchObject({
      tableId: v.tableId,
      number: 1,
      accettato: 1,
      status: 1,
      businessId: v.owner.venueId,
    });
    expect(table.reservations).toEqual(answer.lines);
    expect(await ownerWs.next('switchTableStatus')).toMatchObject({
      data: { id: v.tableId, status: true },
      version,
    });
    expect((await friend.next('order')).data).toEqual(order.data);

    await settle();
    expect(sender.frames).toEqual([]);
    expect(elsewhere.frames).toEqual([]);

    // A second send: only its own lines, and no status change this time.
    const again = await placeOrder(v, orderBody(v, [cartLine(v.menu.birra, 1)]));
    const next = await ownerWs.next('order');
    expect((next.data as { table: { reservations: unknown[] } }).table.reservations).toEqual(
      again.json().lines,
    );
    await settle();
    expect(ownerWs.frames.filter((f) => f.event === 'switchTableStatus')).toEqual([]);
  });

  it('a refused order publishes nothing', async () => {
    const ownerWs = await live(`ownerId=${v.owner.venueId}`, v.owner.cookie);
    await v.tablet.send(calls.ownerOrderToggle.path);
    await ownerWs.next('disableOrder');
    const res = await placeOrder(v, orderBody(v, [cartLine(v.menu.birra, 1)]));
    expect(res.json()).toMatchObject({ code: 'ORDER_DISABLED', error: t.orderingDisabled });
    await settle();
    expect(ownerWs.frames.filter((f) => f.event === 'order')).toEqual([]);
  });

  it('menu edits reach customers on the menu without a table, and ordering switches too', async () => {
    const onMenu = await live(`ownerId=${v.owner.venueId}`, v.guest);
    const otherTablet = await live(`ownerId=${v.owner.venueId}`, v.owner.cookie);
    const res = await v.tablet.send(calls.ownerDishEdit.path, { id: v.menu.birra.id, available: false });
    const version = Number(res.headers['x-comanda-version']);
    expect(await onMenu.next('menuChanged')).toEqual({ event: 'menuChanged', data: {}, version });
    expect(await otherTablet.next('menuChanged')).toEqual({ event: 'menuChanged', data: {}, version });
    await v.tablet.send(calls.ownerOrderToggle.path);
    await onMenu.next('disableOrder');
    const menu = await v.app.app.inject({
      method: 'POST',
      url: calls.userMenuGet.path,
      payload: { businessId: v.owner.venueId },
      headers: { cookie: v.guest },
    });
    expect((menu.json().data as Array<{ name: string }>).map((d) => d.name)).not.toContain('Birra');
  });
});
