import { randomUUID } from 'node:crypto';
import { type BlockedSender, calls, SYNC_HEADERS, t } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type DeliveryAnswer,
  type DeliveryVenue,
  deliveryBody,
  everything,
  pendingCount,
  setupDelivery,
  storedDeliveries,
} from '../../test-support/kits/delivery.ts';
import { cartLine, setupVenue, setVenue } from '../../test-support/kits/ordering.ts';
import { listen, venueVersion } from '../../test-support/kits/rooms.ts';
import { createCustomer, createGuest, createOwner, post } from '../../test-support/test-app.ts';
import { first } from '../db/client.ts';
import { blockedSenders, orders } from '../db/schema.ts';
import { senderAddress } from './senders.ts';

/**
 * DESIGN.md "Abuse" on the delivery page: a cap on the deliveries and pickups awaiting the owner
 * per sender (2) and per address (10), blocked senders, and a deliveryId answered only to whoever
 * sent it. The venue: Rome 19:00, delivery 19:00-22:30, two orders per slot (test-support/kits/delivery.ts).
 */

let v: DeliveryVenue;

beforeEach(async () => {
  v = await setupDelivery();
});
afterEach(async () => {
  await v.app.close();
});

const HOME = '203.0.113.7';
const ROUTER = '198.51.100.20';

/** A send as a phone makes it, from `address`, with a fresh Idempotency-Key unless given one (null: none). */
function sendFrom(body: unknown, cookie: string, address = HOME, key: string | null = randomUUID()) {
  return v.app.app.inject({
    method: 'POST',
    url: calls.userOrderDelivery.path,
    payload: body as object,
    headers: { cookie, ...(key ? { [SYNC_HEADERS.idempotencyKey]: key } : {}) },
    remoteAddress: address,
  });
}

const pickup = (extra: Record<string, unknown> = {}) =>
  deliveryBody(v, { tipo: 'Ritiro', primaPossibile: true, ...extra });

async function placeFrom(cookie: string, address: string, extra: Record<string, unknown> = {}) {
  const res = await sendFrom(pickup(extra), cookie, address);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DeliveryAnswer;
}

/** Refused with this status and text, and not one row anywhere changed (no Idempotency-Key). */
async function expectRefused(body: unknown, cookie: string, address: string, status: number, error: string) {
  const before = await everything(v);
  const res = await sendFrom(body, cookie, address, null);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ success: false, error });
  expect(await everything(v)).toEqual(before);
  return res;
}

const accept = (deliveryId: string) => v.tablet.send(calls.deliveryAccept.path, { deliveryId });

describe('pending deliveries per sender', () => {
  it('one guest firing 20 pickups at once holds 2; the evening’s slots stay free for the next customer', async () => {
    const attacker = await createGuest(v.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sendFrom(pickup({ nome: `Finto ${i}` }), attacker)),
    );
    const stored = answers.filter((r) => r.statusCode === 200);
    expect(stored).toHaveLength(2);
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toMatchObject({ code: 'CONFLICT', error: t.deliveryPendingPerSender });
    }
    expect(await storedDeliveries(v)).toHaveLength(2);
    expect(await pendingCount(v)).toBe(2);

    // 20:00 was the fourth slot the twenty would have filled (two a slot from 19:15): it is free.
    const next = await createGuest(v.app);
    const res = await sendFrom(deliveryBody(v, { orario: '20:00' }), next, '192.0.2.44');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a decision frees a place: accepted or rejected, the sender may send again', async () => {
    const guest = await createGuest(v.app);
    const first = await placeFrom(guest, HOME);
    const second = await placeFrom(guest, '192.0.2.9');
    // Another address does not help: the cap is the account's.
    await expectRefused(pickup(), guest, '192.0.2.10', 409, t.deliveryPendingPerSender);
    expect((await accept(first.deliveryId)).statusCode).toBe(200);
    await placeFrom(guest, HOME);
    const rejected = await v.tablet.send(calls.deliveryReject.path, { deliveryId: second.deliveryId });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await placeFrom(guest, HOME);
    await expectRefused(pickup(), guest, HOME, 409, t.deliveryPendingPerSender);
  });

  it('sends racing the cap over real HTTP: exactly the cap is stored', async () => {
    await setVenue(v.app, v.owner.venueId, { slotCapacity: 50 });
    const guest = await createGuest(v.app);
    await placeFrom(guest, HOME);
    const base = (await listen(v.app)).replace('ws://', 'http://');
    const answers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const res = await fetch(base + calls.userOrderDelivery.path, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: guest,
            [SYNC_HEADERS.idempotencyKey]: `cap-race-${i}-${randomUUID()}`,
          },
          body: JSON.stringify(pickup({ nome: `Corsa ${i}` })),
        });
        return { status: res.status, body: (await res.json()) as { error?: string } };
      }),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a).toMatchObject({ status: 409, body: { error: t.deliveryPendingPerSender } });
    }
    expect(await storedDeliveries(v)).toHaveLength(2);
  });

  it('the owner’s phone orders are never capped, even from an address at its cap', async () => {
    await setVenue(v.app, v.owner.venueId, { slotCapacity: 50 });
    for (let i = 0; i < 10; i++) await placeFrom(await createGuest(v.app), ROUTER);
    for (let i = 0; i < 5; i++) {
      const res = await sendFrom(
        deliveryBody(v, { isOwner: true, nome: `Telefono ${i}` }),
        v.owner.cookie,
        ROUTER,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await storedDeliveries(v)).toHaveLength(15);
  });
});

describe('pending deliveries per address', () => {
  it('ten pending from one address, the eleventh refused whoever sends it; another address is fine', async () => {
    await setVenue(v.app, v.owner.venueId, { slotCapacity: 50 });
    const placed: DeliveryAnswer[] = [];
    for (let i = 0; i < 10; i++) placed.push(await placeFrom(await createGuest(v.app), HOME));
    const eleventh = await createGuest(v.app);
    await expectRefused(pickup(), eleventh, HOME, 409, t.deliveryPendingPerAddress);
    // IPv4 written as IPv6 is the same address.
    await expectRefused(pickup(), eleventh, `::ffff:${HOME}`, 409, t.deliveryPendingPerAddress);
    await placeFrom(await createGuest(v.app), '192.0.2.1');
    expect((await accept(placed[0]?.deliveryId ?? '')).statusCode).toBe(200);
    await placeFrom(eleventh, HOME);
  });

  it('an IPv6 sender is counted by its /64, as one household holds the whole prefix', async () => {
    await setVenue(v.app, v.owner.venueId, { slotCapacity: 50 });
    for (let i = 1; i <= 10; i++)
      await placeFrom(await createGuest(v.app), `2001:db8:5:7::${i.toString(16)}`);
    await expectRefused(
      pickup(),
      await createGuest(v.app),
      '2001:db8:5:7:abcd::1',
      409,
      t.deliveryPendingPerAddress,
    );
    await placeFrom(await createGuest(v.app), '2001:db8:5:8::1');
    expect(senderAddress('2001:0db8:0005:0007:0000:0000:0000:0001')).toBe('2001:db8:5:7::/64');
    expect(senderAddress('::1')).toBe('0:0:0:0::/64');
    expect(senderAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(senderAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(senderAddress('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('a full house behind one router: 40 diners order pickups while the owner accepts as they come', async () => {
    await setVenue(v.app, v.owner.venueId, { slotCapacity: 50 });
    let waiting: string[] = [];
    for (let i = 0; i < 40; i++) {
      const answer = await placeFrom(await createGuest(v.app), ROUTER, { nome: `Tavolo ${i}` });
      waiting.push(answer.deliveryId);
      // The owner looks at the desk every few orders and accepts what waits.
      if (waiting.length === 8) {
        for (const id of waiting) expect((await accept(id)).statusCode).toBe(200);
        waiting = [];
      }
    }
    expect(await storedDeliveries(v)).toHaveLength(40);
  });
});

describe('blocked senders', () => {
  const block = (deliveryId: string, extra: Record<string, unknown> = {}) =>
    v.tablet.send(calls.deliveryBlockSender.path, { deliveryId, ...extra });
  const list = async (cookie = v.owner.cookie) => {
    const res = await post(v.app.app, calls.deliveryBlockedSenders.path, {}, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().blocked as BlockedSender[];
  };

  it('rejects the order, refuses that account and that address, serves others; unblock restores', async () => {
    const spammer = await createGuest(v.app);
    const order = await placeFrom(spammer, HOME);
    const res = await block(order.deliveryId);
    expect(res.statusCode, res.body).toBe(200);
    const blocked = res.json().blocked as BlockedSender;
    expect(blocked).toMatchObject({ label: 'Lucia Bianchi, 3331234567', account: true });
    expect(Date.parse(blocked.addressUntil ?? '')).toBe(Date.parse(blocked.createdAt) + 24 * 3600_000);
    // Rejected exactly as deliveryReject does: closed, off the count.
    expect(
      (await first(v.app.app.store.db.select().from(orders).where(eq(orders.id, order.deliveryId))))
        ?.closedAt,
    ).not.toBeNull();
    expect(await pendingCount(v)).toBe(0);
    expect(await list()).toEqual([blocked]);

    // The account, from anywhere; any account from that address. The text says nothing of a block.
    await expectRefused(pickup(), spammer, '192.0.2.77', 403, t.senderRefused);
    await expectRefused(pickup(), await createGuest(v.app), HOME, 403, t.senderRefused);
    await placeFrom(await createGuest(v.app), '192.0.2.78');

    // A day later the address is free again; the account is not.
    v.app.app.clock.advance(24 * 3600_000 + 1);
    await placeFrom(await createGuest(v.app), HOME);
    await expectRefused(pickup(), spammer, '192.0.2.79', 403, t.senderRefused);
    expect(await list()).toEqual([{ ...blocked, addressUntil: null }]);

    const lifted = await v.tablet.send(calls.deliveryUnblockSender.path, { id: blocked.id });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(await list()).toEqual([]);
    await placeFrom(spammer, HOME);
    const again = await v.tablet.send(calls.deliveryUnblockSender.path, { id: blocked.id });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOT_FOUND', error: t.blockedSenderNotFound });
  });

  it('blocks only at its own venue', async () => {
    const spammer = await createGuest(v.app);
    const order = await placeFrom(spammer, HOME);
    expect((await block(order.deliveryId)).statusCode).toBe(200);
    const other = await setupVenue(v.app);
    await setVenue(v.app, other.owner.venueId, {
      abilitaConsegna: true,
      openConsegna: '19:00',
      closeConsegna: '22:30',
    });
    const res = await sendFrom(
      { ...pickup(), ownerId: other.owner.venueId, cart: [cartLine(other.menu.birra, 1)] },
      spammer,
    );
    expect(res.statusCode, res.body).toBe(200);
    const theirs = await post(v.app.app, calls.deliveryBlockedSenders.path, {}, other.owner.cookie);
    expect(theirs.json().blocked).toEqual([]);
  });

  it('an accepted order, or lines the tablet has not seen, refuse the block: nothing blocked', async () => {
    const guest = await createGuest(v.app);
    const accepted = await placeFrom(guest, HOME);
    expect((await accept(accepted.deliveryId)).statusCode).toBe(200);
    const refused = await block(accepted.deliveryId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ALREADY_DECIDED', error: t.deliveryAlreadyAccepted });

    const pending = await placeFrom(guest, HOME);
    const seen = await venueVersion(v.app, v.owner.venueId);
    const more = await v.tablet.send(calls.userOrderRoomCart.path, {
      deliveryId: pending.deliveryId,
      cart: [cartLine(v.menu.birra, 1)],
    });
    expect(more.statusCode, more.body).toBe(200);
    const stale = await block(pending.deliveryId, { seenVersion: seen });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT' });
    expect(await v.app.app.store.db.select().from(blockedSenders)).toEqual([]);
    expect(await list()).toEqual([]);
  });

  it('customers and guests can neither block, nor unblock, nor read the list', async () => {
    const customer = await createCustomer(v.app);
    const order = await placeFrom(v.guest, HOME);
    for (const cookie of [v.guest, customer]) {
      const before = await everything(v);
      for (const [path, body] of [
        [calls.deliveryBlockSender.path, { deliveryId: order.deliveryId }],
        [calls.deliveryUnblockSender.path, { id: order.deliveryId }],
        [calls.deliveryBlockedSenders.path, {}],
      ] as const) {
        const res = await post(v.app.app, path, body, cookie);
        expect(res.statusCode, `${path} ${res.body}`).toBe(403);
      }
      expect(await everything(v)).toEqual(before);
    }
  });
});

describe('a deliveryId is answered only to whoever sent it', () => {
  const secrets = ['Lucia', 'Bianchi', '3331234567', 'lucia@example.it', 'Via Roma 1', 'citofono'];

  it('another guest resending it gets a refusal that reveals nothing, and nothing changes', async () => {
    const deliveryId = randomUUID();
    const key = randomUUID();
    const body = deliveryBody(v, { deliveryId });
    const first = await sendFrom(body, v.guest, HOME, key);
    expect(first.statusCode, first.body).toBe(200);

    const stranger = await createGuest(v.app);
    for (const res of [
      // A new key, and the very key and bytes of the first send (keyed answers are per account).
      await expectRefused(body, stranger, HOME, 409, t.deliveryIdTaken),
      await sendFrom(body, stranger, '192.0.2.5', key),
      await expectRefused(
        deliveryBody(v, { deliveryId, nome: 'Altro' }),
        stranger,
        HOME,
        409,
        t.deliveryIdTaken,
      ),
    ]) {
      expect(res.statusCode).toBe(409);
      for (const s of secrets) expect(res.body).not.toContain(s);
    }
    // A signed-in customer is no different; the owner of the order still gets it back.
    const customer = await createCustomer(v.app);
    const res = await sendFrom(body, customer, HOME);
    expect(res.statusCode).toBe(409);
    for (const s of secrets) expect(res.body).not.toContain(s);
    const own = await sendFrom(body, v.guest, '192.0.2.6');
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as DeliveryAnswer).table.nome).toBe('Lucia');
  });

  it('orderRoomCart is the owner’s: a guest, a customer or another venue’s owner neither add nor read', async () => {
    const placed = await placeFrom(v.guest, HOME, {
      tipo: 'Consegna',
      primaPossibile: false,
      indirizzo: 'Via Roma 1',
      comune: 'Avella',
    });
    const other = await createOwner(v.app);
    const body = {
      deliveryId: placed.deliveryId,
      cart: [cartLine(v.menu.birra, 3)],
      ownerId: v.owner.venueId,
    };
    // Another owner: FORBIDDEN for naming this venue, NOT_FOUND for the delivery under its own.
    const callers = [
      [await createGuest(v.app), body, 403],
      [await createCustomer(v.app), body, 403],
      [other.cookie, body, 403],
      [other.cookie, { ...body, ownerId: other.venueId }, 404],
    ] as const;
    const before = await everything(v);
    for (const [cookie, payload, status] of callers) {
      const res = await post(v.app.app, calls.userOrderRoomCart.path, payload, cookie);
      expect(res.statusCode, res.body).toBe(status);
      for (const s of secrets) expect(res.body).not.toContain(s);
    }
    expect(await everything(v)).toEqual(before);
  });
});
