import { randomUUID } from 'node:crypto';
import { calls } from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DeliveryVenue, FEE, placeDelivery, setupDelivery } from '../../test-support/kits/delivery.ts';
import { connectLive, type LiveClient, listen } from '../../test-support/kits/rooms.ts';
import { createGuest, createOwner, post } from '../../test-support/test-app.ts';

/**
 * The customer's side of a delivery after the send (spec 2.11 result, spec 4 "Delivery order"):
 * the recap and the venue's decision, read by the account that placed it and told live to it.
 */
let v: DeliveryVenue;
const sockets: LiveClient[] = [];

beforeEach(async () => {
  v = await setupDelivery();
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.ws.terminate();
  await v.app.close();
});

function statusOf(deliveryId: string, cookie = v.guest, ownerId = v.owner.venueId) {
  return post(v.app.app, calls.userDeliveryStatus.path, { ownerId, deliveryId }, cookie);
}

/** A customer socket on the venue's delivery page (no table), as the result screen opens it. */
async function customerSocket(cookie: string): Promise<LiveClient> {
  const client = await connectLive(await listen(v.app), `ownerId=${v.owner.venueId}`, cookie);
  sockets.push(client);
  return client;
}

describe("a customer's delivery after the send", () => {
  it('recaps type, time and total, pending until the venue accepts it', async () => {
    // 2 Margherita Maxi (10,00 €) and a Birra (4,50 €), plus the 2,50 € fee.
    const { deliveryId, table } = await placeDelivery(v);
    const res = await statusOf(deliveryId);
    expect(res.statusCode, res.body).toBe(200);
    const lines = table.reservations.reduce((sum, l) => sum + l.price * l.amount, 0);
    expect(res.json().delivery).toEqual({
      deliveryId,
      status: 'pending',
      tipo: 'Consegna',
      orario: '20:00',
      primaPossibile: false,
      total: lines + FEE,
      hasEmail: true,
    });
    const pickup = await placeDelivery(v, {
      tipo: 'Ritiro',
      indirizzo: '',
      comune: '',
      noteConsegna: '',
      email: '',
    });
    expect((await statusOf(pickup.deliveryId)).json().delivery).toMatchObject({
      tipo: 'Ritiro',
      total: lines,
      hasEmail: false,
    });
  });

  it('is read by the account that placed it alone: anyone else, another venue, a table gets 404', async () => {
    const { deliveryId } = await placeDelivery(v);
    const stranger = await createGuest(v.app);
    for (const [label, res] of [
      ['another guest', await statusOf(deliveryId, stranger)],
      ["the venue's owner", await statusOf(deliveryId, v.owner.cookie)],
      ['an unknown id', await statusOf(randomUUID())],
      ['the table id', await statusOf(v.tableId)],
    ] as const) {
      expect(res.statusCode, label).toBe(404);
      expect(JSON.stringify(res.json()), label).not.toContain('Lucia');
    }
    const other = await createOwner(v.app);
    expect((await statusOf(deliveryId, v.guest, other.venueId)).statusCode).toBe(404);
    expect((await statusOf(deliveryId, '')).statusCode).toBe(401);
  });

  it("tells the placing account's sockets live when the venue accepts, and no other customer", async () => {
    const { deliveryId } = await placeDelivery(v);
    const mine = await customerSocket(v.guest);
    const other = await customerSocket(await createGuest(v.app));

    const accept = await v.tablet.send(calls.deliveryAccept.path, { deliveryId });
    expect(accept.statusCode, accept.body).toBe(200);
    expect((await mine.next('deliveryStatus')).data).toEqual({ deliveryId, status: 'accepted' });
    expect((await statusOf(deliveryId)).json().delivery.status).toBe('accepted');

    // Frames keep their order on a socket: once the next venue-wide event is there, no
    // deliveryStatus came before it.
    expect((await v.tablet.send(calls.ownerOrderToggle.path, {})).statusCode).toBe(200);
    await other.next('disableOrder');
    expect(other.frames.some((f) => f.event === 'deliveryStatus')).toBe(false);
  });

  it('tells it when the venue rejects it, and reads rejected after', async () => {
    const { deliveryId } = await placeDelivery(v);
    const mine = await customerSocket(v.guest);
    const reject = await v.tablet.send(calls.deliveryReject.path, { deliveryId });
    expect(reject.statusCode, reject.body).toBe(200);
    expect((await mine.next('deliveryStatus')).data).toEqual({ deliveryId, status: 'rejected' });
    expect((await statusOf(deliveryId)).json().delivery.status).toBe('rejected');
  });
});
