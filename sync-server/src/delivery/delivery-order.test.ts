import { randomUUID } from 'node:crypto';
import { calls, entitySchemas, SYNC_HEADERS, t } from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type DeliveryAnswer,
  type DeliveryVenue,
  deliveryBody,
  everything,
  FEE,
  pendingCount,
  placeDelivery,
  sendDelivery,
  setupDelivery,
  storedDeliveries,
} from '../../test-support/kits/delivery.ts';
import { cartLine, setVenue } from '../../test-support/kits/ordering.ts';
import { changeLog } from '../../test-support/kits/rooms.ts';
import { createCustomer, createGuest, createOwner, post } from '../../test-support/test-app.ts';
import { orderLines } from '../db/schema.ts';

let v: DeliveryVenue;

beforeEach(async () => {
  v = await setupDelivery();
});
afterEach(async () => {
  await v.app.close();
});

/** Refused with this code and message, and not one row anywhere changed (no Idempotency-Key). */
async function expectRefused(body: unknown, status: number, code: string, error?: string, cookie = v.guest) {
  const before = await everything(v);
  const res = await sendDelivery(v, body, cookie, null);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ success: false, code, ...(error ? { error } : {}) });
  expect(await everything(v)).toEqual(before);
  return res.json() as { error: string; issues?: Array<{ path: string; message: string }> };
}

describe('a customer’s delivery order', () => {
  it('stores a consegna awaiting the owner, menu prices, the venue’s fee, cassa; logs order and lines', async () => {
    const res = await sendDelivery(v, deliveryBody(v));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as DeliveryAnswer;
    const [order] = await storedDeliveries(v);
    expect(order).toMatchObject({
      id: answer.deliveryId,
      kind: 'consegna',
      nome: 'Lucia',
      cognome: 'Bianchi',
      telefono: '3331234567',
      email: 'lucia@example.it',
      indirizzo: 'Via Roma 1',
      comune: 'Avella',
      noteConsegna: 'citofono Bianchi',
      orario: '20:00',
      slotDate: '2025-07-15',
      primaPossibile: false,
      accettato: false,
      costoConsegna: FEE,
      serviceFee: 0,
      paymentMethod: 'cassa',
      paymentIntentId: null,
      statusPay: false,
      tableId: null,
      closedAt: null,
    });
    expect(answer.table).toMatchObject({
      id: answer.deliveryId,
      deliveryId: answer.deliveryId,
      tableId: null,
      tipo: 'Consegna',
      orario: '20:00',
      accettato: 0,
      costoConsegna: FEE,
      primaPossibile: false,
    });
    expect(
      answer.table.reservations.map((l) => [l.name, l.price, l.amount, l.accettato, l.deliveryId]),
    ).toEqual([
      ['Margherita', 1000, 2, 0, answer.deliveryId],
      ['Birra', 450, 1, 0, answer.deliveryId],
    ]);

    const log = await changeLog(v.app, v.owner.venueId);
    const sent = log.filter((c) => c.version === log.at(-1)?.version);
    expect(sent.map((c) => [c.entity, c.op])).toEqual([
      ['order', 'put'],
      ['line', 'put'],
      ['line', 'put'],
    ]);
    for (const row of sent) {
      expect(entitySchemas[row.entity as 'order' | 'line'].safeParse(row.data).success).toBe(true);
    }
    const { reservations, ...row } = answer.table;
    expect(sent[0]?.data).toEqual(row);
    expect(sent.slice(1).map((c) => c.data)).toEqual(reservations);
    expect(Number(res.headers[SYNC_HEADERS.version])).toBe(log.at(-1)?.version);
    expect(await pendingCount(v)).toBe(1);
  });

  it('a ritiro has no fee and drops address and city; notes stay', async () => {
    const answer = await placeDelivery(v, { tipo: 'Ritiro', indirizzo: 'Via X', comune: 'Napoli' });
    expect(answer.table).toMatchObject({
      tipo: 'Ritiro',
      indirizzo: null,
      comune: null,
      costoConsegna: 0,
      noteConsegna: 'citofono Bianchi',
    });
  });

  it("'Prima possibile': the server assigns the first free slot, whatever orario says", async () => {
    // Rome 19:00: customers from 19:10, so 19:15 - 19:30.
    const answer = await placeDelivery(v, { primaPossibile: true, orario: '19:00' });
    expect(answer.table).toMatchObject({ orario: '19:15', primaPossibile: true });
    const noTime = { ...deliveryBody(v, { primaPossibile: true }) } as Record<string, unknown>;
    delete noTime.orario;
    const second = await sendDelivery(v, noTime);
    expect((second.json() as DeliveryAnswer).table.orario).toBe('19:15');
    // 19:15 is now full (two per slot): the range moves on (another customer: two pending each).
    const next = await placeDelivery(v, { primaPossibile: true }, undefined, await createGuest(v.app));
    expect(next.table.orario).toBe('19:30');
  });

  it('the city matches whatever the case and is stored as the venue spells it', async () => {
    const answer = await placeDelivery(v, { comune: ' mugnano del cardinale ' });
    expect(answer.table.comune).toBe('Mugnano del Cardinale');
  });

  it("a signed-in customer's account address is used when the form has none; a guest has none", async () => {
    const customer = await createCustomer(v.app, 'anna@example.it');
    const res = await sendDelivery(v, deliveryBody(v, { email: '' }), customer);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as DeliveryAnswer).table.email).toBe('anna@example.it');
    expect((await placeDelivery(v, { email: '' })).table.email).toBeNull();
  });

  it('a retry with the same Idempotency-Key answers the stored answer and stores nothing twice', async () => {
    const key = randomUUID();
    const body = deliveryBody(v);
    const first = await sendDelivery(v, body, v.guest, key);
    const before = await everything(v);
    const again = await sendDelivery(v, body, v.guest, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers[SYNC_HEADERS.replayed]).toBe('1');
    expect(again.json()).toEqual(first.json());
    expect(await everything(v)).toEqual(before);
    expect(await storedDeliveries(v)).toHaveLength(1);
  });

  it('a resend naming its deliveryId (new key) answers that order; an id of another order is refused', async () => {
    const deliveryId = randomUUID();
    const first = await placeDelivery(v, { deliveryId });
    expect(first.deliveryId).toBe(deliveryId);
    const before = await everything(v);
    const again = await sendDelivery(v, deliveryBody(v, { deliveryId }));
    expect(again.statusCode).toBe(200);
    expect((again.json() as DeliveryAnswer).table).toEqual(first.table);
    expect((await everything(v)).orders).toEqual(before.orders);
    expect((await everything(v)).changes).toEqual(before.changes);

    const other = await createOwner(v.app);
    await setVenue(v.app, other.venueId, { abilitaConsegna: true, deliveryCities: ['Avella'] });
    await expectRefused(
      deliveryBody(v, { deliveryId, ownerId: other.venueId }),
      409,
      'CONFLICT',
      t.deliveryIdTaken,
    );
  });
});

describe('refusals: the spec’s codes, nothing stored', () => {
  it('form validation (spec 5): Nome, type, address and city for consegna, phone digits, a time', async () => {
    const issues = async (extra: Record<string, unknown>, drop: string[] = []) => {
      const body = deliveryBody(v, extra) as Record<string, unknown>;
      for (const key of drop) delete body[key];
      const refused = await expectRefused(body, 400, 'VALIDATION');
      return (refused.issues ?? []).map((i) => [i.path, i.message]);
    };
    expect(await issues({ nome: '  ' })).toEqual([['nome', t.requiredField]]);
    expect(await issues({}, ['tipo'])).toEqual([['tipo', t.requiredField]]);
    expect(await issues({ tipo: 'Asporto' })).toHaveLength(1);
    expect(await issues({ indirizzo: '', comune: '' })).toEqual([
      ['indirizzo', t.requiredField],
      ['comune', t.requiredField],
    ]);
    expect(await issues({ telefono: '333 123' })).toEqual([['telefono', t.phoneDigitsOnly]]);
    // 'Imposta orario' without a slot.
    expect(await issues({}, ['orario'])).toEqual([['orario', t.requiredField]]);
    expect(await issues({ orario: '25:00' })).toEqual([['orario', t.invalidTime]]);
  });

  it('an unserved city: CITY_NOT_SERVED on comune', async () => {
    const refused = await expectRefused(
      deliveryBody(v, { comune: 'Napoli' }),
      400,
      'CITY_NOT_SERVED',
      t.cityNotServed,
    );
    expect(refused.issues).toEqual([{ path: 'comune', message: t.cityNotServed }]);
    // A venue that lists no city takes no consegna (pickups still go).
    await setVenue(v.app, v.owner.venueId, { deliveryCities: [] });
    await expectRefused(deliveryBody(v), 400, 'CITY_NOT_SERVED');
    await placeDelivery(v, { tipo: 'Ritiro' });
  });

  it('delivery disabled between load and send: DELIVERY_DISABLED, the dialog’s title', async () => {
    await setVenue(v.app, v.owner.venueId, { abilitaConsegna: false });
    await expectRefused(deliveryBody(v), 409, 'DELIVERY_DISABLED', t.deliveryDisabledTitle);
    await expectRefused(deliveryBody(v, { tipo: 'Ritiro' }), 409, 'DELIVERY_DISABLED');
  });

  it('a past slot, a slot outside the delivery hours, a time off the grid: SLOT_TAKEN', async () => {
    // Rome 19:00: 19:00 is past for customers (now + 10 minutes), 23:00 after 22:30, 18:45 before 19:00.
    for (const orario of ['19:00', '23:00', '18:45', '20:07']) {
      await expectRefused(deliveryBody(v, { orario }), 409, 'SLOT_TAKEN', t.slotNoLongerOffered);
    }
  });

  it('a full slot: SLOT_TAKEN with the dialog’s title', async () => {
    await placeDelivery(v);
    await placeDelivery(v, { tipo: 'Ritiro' });
    await expectRefused(deliveryBody(v), 409, 'SLOT_TAKEN', t.slotTakenTitle);
  });

  it("'Prima possibile' no longer offered (the first free slots 30 minutes apart): SLOT_TAKEN", async () => {
    await setVenue(v.app, v.owner.venueId, { slotCapacity: 1 });
    await placeDelivery(v, { orario: '19:30' });
    await expectRefused(deliveryBody(v, { primaPossibile: true }), 409, 'SLOT_TAKEN', t.asapNoLongerOffered);
  });

  it('the venue closed (flag, hours) or no delivery slots left today: VENUE_CLOSED', async () => {
    await setVenue(v.app, v.owner.venueId, { isClosed: true });
    await expectRefused(deliveryBody(v), 409, 'VENUE_CLOSED', t.venueClosed);
    await setVenue(v.app, v.owner.venueId, {
      isClosed: false,
      openingTime: '20:00',
      closingTime: '23:00',
    });
    await expectRefused(deliveryBody(v), 409, 'VENUE_CLOSED', t.venueClosed);
    // Open until 23:00 but delivering until 19:30: at 19:00 a customer has only 19:15 and 19:30.
    await setVenue(v.app, v.owner.venueId, { openingTime: '18:00', closeConsegna: '19:30' });
    await expectRefused(deliveryBody(v, { orario: '19:15' }), 409, 'VENUE_CLOSED', t.deliveryClosedToday);
  });

  it('a forged or stale delivery fee: FEE_CHANGED (the venue’s fee, 0 for a ritiro, is what counts)', async () => {
    await expectRefused(deliveryBody(v, { costoConsegna: 0 }), 409, 'FEE_CHANGED', t.deliveryFeeChanged);
    await expectRefused(deliveryBody(v, { tipo: 'Ritiro', costoConsegna: FEE }), 409, 'FEE_CHANGED');
    expect((await placeDelivery(v, { costoConsegna: FEE })).table.costoConsegna).toBe(FEE);
    expect((await placeDelivery(v, { tipo: 'Ritiro', costoConsegna: 0 })).table.costoConsegna).toBe(0);
  });

  it('lines that do not match the menu, an out-of-menu line, a card payment without Stripe keys', async () => {
    await expectRefused(deliveryBody(v, {}, [cartLine(v.menu.esaurito, 1)]), 400, 'dish_error');
    const outOfMenu = {
      id: null,
      name: 'Extra',
      price: 1,
      amount: 1,
      selected_option: 'bar',
      categoryId: 'out_menu',
      categoryName: 'Fuori menu',
    };
    await expectRefused(deliveryBody(v, {}, [outOfMenu]), 400, 'dish_error', t.outOfMenuOwnerOnly);
    const refused = await expectRefused(
      deliveryBody(v, { paymentIntentId: 'pi_123' }),
      400,
      'VALIDATION',
      t.cardPaymentUnavailable,
    );
    expect(refused.issues?.[0]?.path).toBe('paymentIntentId');
  });

  it('an unknown venue, isOwner from a customer or another owner, no session', async () => {
    await expectRefused(deliveryBody(v, { ownerId: 'nessuno' }), 404, 'business_id_error');
    await expectRefused(deliveryBody(v, { isOwner: true }), 403, 'FORBIDDEN');
    const other = await createOwner(v.app);
    await expectRefused(deliveryBody(v, { isOwner: true }), 403, 'FORBIDDEN', undefined, other.cookie);
    const before = await everything(v);
    const res = await post(v.app.app, calls.userOrderDelivery.path, deliveryBody(v));
    expect(res.statusCode).toBe(401);
    expect(await everything(v)).toEqual(before);
  });

  it('with an Idempotency-Key a refusal is remembered (the same answer again), still no order', async () => {
    await setVenue(v.app, v.owner.venueId, { abilitaConsegna: false });
    const key = randomUUID();
    const first = await sendDelivery(v, deliveryBody(v), v.guest, key);
    expect(first.json().code).toBe('DELIVERY_DISABLED');
    await setVenue(v.app, v.owner.venueId, { abilitaConsegna: true });
    const again = await sendDelivery(v, deliveryBody(v), v.guest, key);
    expect(again.json()).toEqual(first.json());
    expect(await storedDeliveries(v)).toHaveLength(0);
    expect(await v.app.app.store.db.select().from(orderLines)).toHaveLength(0);
  });
});

describe('the owner’s phone order (isOwner)', () => {
  it('is stored accepted, no count change, the slot from now (not now + 10), the fee as for anyone', async () => {
    await setVenue(v.app, v.owner.venueId, { abilitaConsegna: false });
    const res = await sendDelivery(v, deliveryBody(v, { isOwner: true, orario: '19:00' }), v.owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as DeliveryAnswer;
    expect(answer.table).toMatchObject({ accettato: 1, orario: '19:00', costoConsegna: FEE });
    expect(answer.table.reservations.every((l) => l.accettato === 1)).toBe(true);
    expect(await pendingCount(v)).toBe(0);
  });
});
