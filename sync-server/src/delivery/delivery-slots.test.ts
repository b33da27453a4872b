import { calls, entitySchemas, t } from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type DeliveryVenue,
  deliveryBody,
  deliveryOptions,
  everything,
  FEE,
  placeDelivery,
  sendDelivery,
  setupDelivery,
  storedDeliveries,
} from '../../test-support/kits/delivery.ts';
import { sendOk } from '../../test-support/kits/menu.ts';
import { cartLine, setVenue } from '../../test-support/kits/ordering.ts';
import { changeLog, listen, venueRows } from '../../test-support/kits/rooms.ts';
import { createGuest, post } from '../../test-support/test-app.ts';

let v: DeliveryVenue;

beforeEach(async () => {
  v = await setupDelivery();
});
afterEach(async () => {
  await v.app.close();
});

describe('deliveryOptions', () => {
  it('answers the delivery settings on the server clock, the fee, the cities and the slots', async () => {
    const result = await deliveryOptions(v, { deliveryOption: 'consegna' });
    expect(result.business).toEqual({
      openConsegna: '19:00',
      closeConsegna: '22:30',
      abilitaConsegna: 1,
      currentTime_db: expect.stringMatching(/^2025-07-15T17:0\d:/),
    });
    expect(result.costoConsegna).toBe(FEE);
    expect(result.deliveryCities).toContain('Mugnano del Cardinale');
    expect(result.reservation).toEqual([]);
    // Rome 19:00: customers from 19:10.
    expect(result.slots.asap).toEqual(['19:15', '19:30']);
    expect(result.slots.selectable[0]).toBe('19:45');
    expect(result.slots.selectable.at(-1)).toBe('22:30');
    expect(result.slots).toMatchObject({ closed: false, serviceDate: '2025-07-15' });
  });

  it('removes full slots (the reservation list), and the owner plans from now', async () => {
    await placeDelivery(v, { orario: '19:15' });
    await placeDelivery(v, { orario: '19:15', tipo: 'Ritiro' });
    const result = await deliveryOptions(v);
    expect(result.reservation).toEqual([{ orario: '19:15' }]);
    expect(result.slots.asap).toEqual(['19:30', '19:45']);
    const owner = await deliveryOptions(v, { isOwner: true }, v.owner.cookie);
    expect(owner.slots.asap).toEqual(['19:00', '19:30']);
    const refused = await post(
      v.app.app,
      calls.userDeliveryOptions.path,
      { ownerId: v.owner.venueId, isOwner: true },
      v.guest,
    );
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('fewer than 3 slots left is closed; an unknown venue is business_id_error', async () => {
    await setVenue(v.app, v.owner.venueId, { closeConsegna: '19:30' });
    expect((await deliveryOptions(v)).slots).toMatchObject({ closed: true, asap: null, selectable: [] });
    const res = await post(v.app.app, calls.userDeliveryOptions.path, { ownerId: 'nessuno' }, v.guest);
    expect(res.json()).toMatchObject({ code: 'business_id_error' });
  });
});

describe('slot capacity', () => {
  it('a rejected delivery frees its place; a completed one keeps it', async () => {
    const first = await placeDelivery(v);
    await placeDelivery(v, { tipo: 'Ritiro' });
    expect((await sendDelivery(v, deliveryBody(v), v.guest, null)).json().code).toBe('SLOT_TAKEN');
    await sendOk(v.tablet, calls.deliveryReject.path, { deliveryId: first.deliveryId });
    const third = await placeDelivery(v);

    const accepted = (await sendOk(v.tablet, calls.deliveryAccept.path, {
      deliveryId: third.deliveryId,
    })) as {
      table: typeof third.table;
    };
    await sendOk(v.tablet, calls.dashboardTableHistory.path, {
      table: accepted.table,
      totaleOrdine: 2450,
      costoConsegna: FEE,
      totalePagato: 2700,
    });
    expect((await storedDeliveries(v)).find((o) => o.id === third.deliveryId)?.closedAt).not.toBeNull();
    expect((await sendDelivery(v, deliveryBody(v), v.guest, null)).json().code).toBe('SLOT_TAKEN');
    expect((await deliveryOptions(v)).reservation).toEqual([{ orario: '20:00' }]);
  });

  it("per kitchen area: a slot full in 'fritti' still takes a drinks-only order", async () => {
    await sendOk(v.tablet, calls.deliverySettingsSet.path, {
      slotCapacity: 3,
      slotAreaCapacity: { fritti: 1 },
    });
    const fried = [cartLine(v.patatine, 2), cartLine(v.menu.birra, 1)];
    const first = await placeDelivery(v, {}, fried);
    expect((await deliveryOptions(v, { areas: ['bar'] })).reservation).toEqual([]);
    expect((await deliveryOptions(v, { areas: ['fritti', 'bar'] })).reservation).toEqual([
      { orario: '20:00' },
    ]);
    expect((await deliveryOptions(v)).reservation).toEqual([{ orario: '20:00' }]);
    // The PWA names the cart's dishes; the server knows their kitchen areas.
    expect((await deliveryOptions(v, { dishIds: [v.menu.birra.id] })).reservation).toEqual([]);
    expect((await deliveryOptions(v, { dishIds: [v.menu.birra.id, v.patatine.id] })).reservation).toEqual([
      { orario: '20:00' },
    ]);

    const before = await everything(v);
    const refused = await sendDelivery(v, deliveryBody(v, {}, [cartLine(v.patatine, 1)]), v.guest, null);
    expect(refused.json()).toMatchObject({ code: 'SLOT_TAKEN', error: t.slotTakenTitle });
    expect(await everything(v)).toEqual(before);

    await placeDelivery(v, {}, [cartLine(v.menu.birra, 4)]);
    // The owner deletes the first order's fried line: it no longer holds the fritti place.
    const friedLine = first.table.reservations.find((l) => l.name === 'Patatine');
    await sendOk(v.tablet, calls.dashboardStatusSet.path, { id: friedLine?.id, status: 'owner_deleted' });
    await placeDelivery(v, {}, [cartLine(v.patatine, 1)], await createGuest(v.app));
    // Three orders: the slot itself is full now, drinks included.
    const full = await sendDelivery(v, deliveryBody(v, {}, [cartLine(v.menu.birra, 1)]));
    expect(full.json().code).toBe('SLOT_TAKEN');
  });
});

describe('delivery settings (/api/owner/delivery/settings)', () => {
  it('changes only what is sent, logs the business row, and the send follows it', async () => {
    const res = await v.tablet.send(calls.deliverySettingsSet.path, {
      deliveryCities: ['Napoli', ' Pozzuoli '],
    });
    expect(res.statusCode, res.body).toBe(200);
    const venue = res.json().business;
    expect(venue).toMatchObject({
      deliveryCities: ['Napoli', 'Pozzuoli'],
      slotCapacity: 2,
      slotAreaCapacity: {},
    });
    expect(entitySchemas.business.safeParse(venue).success).toBe(true);
    const last = (await changeLog(v.app, v.owner.venueId)).at(-1);
    expect(last).toMatchObject({ entity: 'business', op: 'put', data: venue });
    expect((await sendDelivery(v, deliveryBody(v), v.guest, null)).json().code).toBe('CITY_NOT_SERVED');
    expect((await placeDelivery(v, { comune: 'pozzuoli' })).table.comune).toBe('Pozzuoli');

    await sendOk(v.tablet, calls.deliverySettingsSet.path, { slotCapacity: 1 });
    expect((await sendDelivery(v, deliveryBody(v, { comune: 'Napoli' }))).json().code).toBe('SLOT_TAKEN');
    const snapshot = await v.app.app.inject({
      method: 'GET',
      url: calls.snapshot.path,
      headers: { cookie: v.owner.cookie },
    });
    const row = (snapshot.json().rows as Array<{ entity: string; data: Record<string, unknown> }>).find(
      (r) => r.entity === 'business',
    );
    expect(row?.data).toMatchObject({ slotCapacity: 1, deliveryCities: ['Napoli', 'Pozzuoli'] });
  });

  it('refuses bad values with the reason, as a stored refusal that changes nothing', async () => {
    const before = (await venueRows(v.app, v.owner.venueId)).venue;
    for (const [body, message] of [
      [{ deliveryCities: [] }, t.deliveryCitiesRequired],
      [{ deliveryCities: ['x'.repeat(61)] }, t.deliveryCityTooLong],
      [{ deliveryCities: Array.from({ length: 51 }, (_, i) => `Comune ${i}`) }, t.tooManyDeliveryCities],
      [{ slotCapacity: 0 }, t.invalidSlotCapacity],
      [{ slotCapacity: 51 }, t.invalidSlotCapacity],
      [{ slotAreaCapacity: { fritti: 0 } }, t.invalidSlotCapacity],
      [{}, t.nothingToChange],
    ] as const) {
      const res = await v.tablet.send(calls.deliverySettingsSet.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues[0].message).toBe(message);
    }
    expect((await venueRows(v.app, v.owner.venueId)).venue).toEqual(before);
    const customer = await post(v.app.app, calls.deliverySettingsSet.path, { slotCapacity: 3 }, v.guest);
    expect(customer.statusCode).toBe(403);
  });
});

describe('the race for the last place', () => {
  it('twenty customers sending at once over real HTTP for one place: exactly one gets it', async () => {
    await setVenue(v.app, v.owner.venueId, { slotCapacity: 3 });
    await placeDelivery(v);
    await placeDelivery(v, { tipo: 'Ritiro' });
    const base = (await listen(v.app)).replace('ws://', 'http://');
    const guests = await Promise.all(Array.from({ length: 20 }, () => createGuest(v.app)));
    const answers = await Promise.all(
      guests.map(async (cookie, i) => {
        const res = await fetch(base + calls.userOrderDelivery.path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'idempotency-key': `race-${i}-0123456789` },
          body: JSON.stringify(deliveryBody(v, { nome: `Cliente ${i}` })),
        });
        return { status: res.status, body: (await res.json()) as { code?: string } };
      }),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(19);
    for (const a of refused) expect(a).toMatchObject({ status: 409, body: { code: 'SLOT_TAKEN' } });
    expect((await storedDeliveries(v)).filter((o) => o.orario === '20:00')).toHaveLength(3);
    expect((await deliveryOptions(v)).reservation).toEqual([{ orario: '20:00' }]);
  });
});
