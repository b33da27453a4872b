import { calls, entitySchemas, SYNC_HEADERS, serverEvents, t } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type DeliveryAnswer,
  type DeliveryVenue,
  deliveryBody,
  everything,
  mailsTo,
  pendingCount,
  placeDelivery,
  sendDelivery,
  setupDelivery,
  storedDeliveries,
} from '../../test-support/kits/delivery.ts';
import { sendOk } from '../../test-support/kits/menu.ts';
import { cartLine } from '../../test-support/kits/ordering.ts';
import {
  changeLog,
  connectLive,
  device,
  type LiveClient,
  listen,
  settle,
  venueVersion,
} from '../../test-support/kits/rooms.ts';
import { createOwner, post } from '../../test-support/test-app.ts';
import { first } from '../db/client.ts';
import { orders } from '../db/schema.ts';

let v: DeliveryVenue;
const sockets: LiveClient[] = [];

beforeEach(async () => {
  v = await setupDelivery();
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.ws.terminate();
  await v.app.close();
});

async function ownerSocket(cookie = v.owner.cookie): Promise<LiveClient> {
  const client = await connectLive(await listen(v.app), `ownerId=${v.owner.venueId}`, cookie);
  sockets.push(client);
  return client;
}

/** A decision refused with this code: nothing the venue keeps changed (the counter aside). */
async function expectRefused(path: string, body: unknown, status: number, code: string, error?: string) {
  const before = await everything(v);
  const res = await v.tablet.send(path, body);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ success: false, code, ...(error ? { error } : {}) });
  const after = await everything(v);
  expect(after.orders).toEqual(before.orders);
  expect(after.lines).toEqual(before.lines);
  expect(after.changes).toEqual(before.changes);
  expect(after.versions).toEqual(before.versions);
}

const orderRow = (id: string) => first(v.app.app.store.db.select().from(orders).where(eq(orders.id, id)));

describe('accept', () => {
  it('accepts lines and order, logs them, counts down, mails the customer, and the dashboard shows it', async () => {
    const { deliveryId } = await placeDelivery(v, { primaPossibile: true });
    expect(await pendingCount(v)).toBe(1);
    expect((await mailsTo(v, 'lucia@example.it')).length).toBe(0);
    const before = (await post(v.app.app, calls.dashboardGet.path, {}, v.owner.cookie)).json().reservations;
    expect(before).toEqual([]);

    const res = await v.tablet.send(calls.deliveryAccept.path, { deliveryId });
    expect(res.statusCode, res.body).toBe(200);
    const { table } = res.json() as { table: DeliveryAnswer['table'] };
    expect(table).toMatchObject({ deliveryId, accettato: 1 });
    expect(table.reservations.every((l) => l.accettato === 1)).toBe(true);
    expect((await orderRow(deliveryId))?.accettato).toBe(true);
    expect(await pendingCount(v)).toBe(0);

    const log = await changeLog(v.app, v.owner.venueId);
    const sent = log.filter((c) => c.version === Number(res.headers[SYNC_HEADERS.version]));
    expect(sent.map((c) => c.entity)).toEqual(['order', 'line', 'line']);
    for (const row of sent)
      expect(entitySchemas[row.entity as 'order' | 'line'].safeParse(row.data).success).toBe(true);
    expect(sent[0]?.data).toMatchObject({ accettato: 1 });

    const dashboard = (await post(v.app.app, calls.dashboardGet.path, {}, v.owner.cookie)).json()
      .reservations;
    expect(dashboard.map((e: { deliveryId: string }) => e.deliveryId)).toEqual([deliveryId]);
    // The print flow: the accepting tablet asks for the lines not printed yet.
    const print = await post(v.app.app, calls.printerDelivery.path, { deliveryId }, v.owner.cookie);
    expect(print.json().data).toMatchObject({ type: 'PRINT_ORDER_R_C', deliveryId });
    expect(print.json().data.reservations).toHaveLength(2);

    const [mail] = await mailsTo(v, 'lucia@example.it');
    expect(mail?.text).toContain('Pizzeria da Mario ha confermato il tuo ordine.');
    expect(mail?.text).toContain('Orario: 19:15 (Prima possibile)');
    expect(mail?.text).toContain('Indirizzo e N°: Via Roma 1');
    expect(mail?.text).toContain('Comune: Avella');
    expect(mail?.text).toContain('2 × Margherita (Formato: Maxi): 20,00 €');
    expect(mail?.text).toContain('Costo consegna: 2,50 €');
    expect(mail?.text).toContain('TOTALE: 27,00 €');
  });

  it('before acceptance the print flow has nothing to print', async () => {
    const { deliveryId } = await placeDelivery(v);
    const print = await post(v.app.app, calls.printerDelivery.path, { deliveryId }, v.owner.cookie);
    expect(print.json().data.reservations).toEqual([]);
  });

  it('twice is a no-op: success, nothing written, one mail', async () => {
    const { deliveryId } = await placeDelivery(v);
    await sendOk(v.tablet, calls.deliveryAccept.path, { deliveryId });
    const before = await everything(v);
    const other = device(v.app, v.owner);
    const res = await other.send(calls.deliveryAccept.path, { deliveryId });
    expect(res.statusCode).toBe(200);
    expect((await everything(v)).changes).toEqual(before.changes);
    expect((await everything(v)).orders).toEqual(before.orders);
    // A replay of the same mutation id answers the stored answer, no second mail either.
    expect(
      (await other.sendAs(1, calls.deliveryAccept.path, { deliveryId })).headers[SYNC_HEADERS.replayed],
    ).toBe('1');
    expect(await mailsTo(v, 'lucia@example.it')).toHaveLength(1);
  });

  it('a rejected one, another venue’s, an unknown id, a table order: refused, nothing changed', async () => {
    const { deliveryId } = await placeDelivery(v);
    await sendOk(v.tablet, calls.deliveryReject.path, { deliveryId });
    await expectRefused(
      calls.deliveryAccept.path,
      { deliveryId },
      409,
      'ALREADY_DECIDED',
      t.deliveryAlreadyRemoved,
    );
    const mine = await placeDelivery(v);
    const stranger = await createOwner(v.app);
    const res = await device(v.app, stranger).send(calls.deliveryAccept.path, {
      deliveryId: mine.deliveryId,
    });
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: t.deliveryNotFound });
    expect((await orderRow(mine.deliveryId))?.accettato).toBe(false);
    await expectRefused(calls.deliveryAccept.path, { deliveryId: 'nessuna' }, 404, 'NOT_FOUND');
    await post(
      v.app.app,
      calls.userOrder.path,
      { cart: [cartLine(v.menu.birra, 1)], tableId: v.tableId, ownerId: v.owner.venueId },
      v.guest,
    );
    const tableOrder = (await storedDeliveries(v)).find((o) => o.kind === 'table');
    await expectRefused(calls.deliveryAccept.path, { deliveryId: tableOrder?.id }, 404, 'NOT_FOUND');
  });
});

describe('reject', () => {
  it('closes it without history, deletes its rows on every device, counts down', async () => {
    const { deliveryId, table } = await placeDelivery(v);
    const res = await v.tablet.send(calls.deliveryReject.path, { deliveryId });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(deliveryId))?.closedAt).not.toBeNull();
    expect(await pendingCount(v)).toBe(0);
    const log = await changeLog(v.app, v.owner.venueId);
    const sent = log.filter((c) => c.version === Number(res.headers[SYNC_HEADERS.version]));
    expect(sent.map((c) => [c.entity, c.entityId, c.op])).toEqual([
      ['order', deliveryId, 'delete'],
      ...table.reservations.map((l) => ['line', l.id, 'delete']),
    ]);
    // Twice: a no-op.
    const before = await everything(v);
    expect((await v.tablet.send(calls.deliveryReject.path, { deliveryId })).statusCode).toBe(200);
    expect((await everything(v)).changes).toEqual(before.changes);
    expect(await mailsTo(v, 'lucia@example.it')).toHaveLength(0);
  });

  it('one another tablet already accepted: ALREADY_DECIDED with the reason, nothing changed', async () => {
    const { deliveryId } = await placeDelivery(v);
    await sendOk(device(v.app, v.owner), calls.deliveryAccept.path, { deliveryId });
    await expectRefused(
      calls.deliveryReject.path,
      { deliveryId },
      409,
      'ALREADY_DECIDED',
      t.deliveryAlreadyAccepted,
    );
    expect(await orderRow(deliveryId)).toMatchObject({ accettato: true, closedAt: null });
  });

  it('lines added after the version the tablet saw: CONFLICT', async () => {
    const { deliveryId } = await placeDelivery(v);
    const seen = await venueVersion(v.app, v.owner.venueId);
    await sendOk(device(v.app, v.owner), calls.userOrderRoomCart.path, {
      deliveryId,
      cart: [cartLine(v.menu.birra, 1)],
    });
    await expectRefused(
      calls.deliveryReject.path,
      { deliveryId, seenVersion: seen },
      409,
      'CONFLICT',
      t.orderChangedSinceSeen,
    );
  });

  it('a card-paid one asks for the refund first; without Stripe keys, refused and kept', async () => {
    const { deliveryId } = await placeDelivery(v);
    await v.app.app.store.db
      .update(orders)
      .set({ paymentIntentId: 'pi_test_1' })
      .where(eq(orders.id, deliveryId));
    await expectRefused(calls.deliveryReject.path, { deliveryId }, 409, 'CONFLICT', t.refundUnavailable);
    expect((await orderRow(deliveryId))?.closedAt).toBeNull();
  });
});

describe('payment status', () => {
  it('sets statusPay, logs the order row, no-op when unchanged; a closed one is refused', async () => {
    const { deliveryId } = await placeDelivery(v);
    const res = await v.tablet.send(calls.deliveryChangeStatusPay.path, { deliveryId, status: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(deliveryId))?.statusPay).toBe(true);
    expect((await changeLog(v.app, v.owner.venueId)).at(-1)).toMatchObject({
      entity: 'order',
      entityId: deliveryId,
      data: { statusPay: 1, accettato: 0 },
    });
    const before = await everything(v);
    await sendOk(v.tablet, calls.deliveryChangeStatusPay.path, { deliveryId, status: 1 });
    expect((await everything(v)).changes).toEqual(before.changes);
    await sendOk(v.tablet, calls.deliveryReject.path, { deliveryId });
    await expectRefused(
      calls.deliveryChangeStatusPay.path,
      { deliveryId, status: 0 },
      409,
      'CONFLICT',
      t.deliveryNotOpen,
    );
    const stranger = await createOwner(v.app);
    const other = await placeDelivery(v);
    const refused = await device(v.app, stranger).send(calls.deliveryChangeStatusPay.path, {
      deliveryId: other.deliveryId,
      status: 1,
    });
    expect(refused.json().code).toBe('NOT_FOUND');
  });
});

describe('live', () => {
  it('a new delivery, accept, pay and reject reach the other tablet with the version, never the sender', async () => {
    const tabletA = await ownerSocket();
    const tabletB = await ownerSocket();

    const placed = await sendDelivery(v, deliveryBody(v));
    const { deliveryId } = placed.json() as DeliveryAnswer;
    const version = Number(placed.headers[SYNC_HEADERS.version]);
    const count = await tabletB.next('updateCountDelivery');
    expect(count).toMatchObject({ data: { count: 1 }, version });
    const order = await tabletB.next('order');
    expect(serverEvents.order.safeParse(order.data).success).toBe(true);
    expect(order).toMatchObject({ version, data: { table: { deliveryId, accettato: 0 } } });

    const accept = await v.tablet.send(calls.deliveryAccept.path, { deliveryId }, tabletA.socketId);
    const acceptVersion = Number(accept.headers[SYNC_HEADERS.version]);
    expect(await tabletB.next('updateCountDelivery')).toMatchObject({
      data: { count: 0 },
      version: acceptVersion,
    });
    expect(await tabletB.next('order')).toMatchObject({
      version: acceptVersion,
      data: { table: { deliveryId, accettato: 1 } },
    });

    const pay = await v.tablet.send(
      calls.deliveryChangeStatusPay.path,
      { deliveryId, status: 1 },
      tabletA.socketId,
    );
    expect(await tabletB.next('changeStatusPay')).toEqual({
      event: 'changeStatusPay',
      data: { deliveryId, status: 1 },
      version: Number(pay.headers[SYNC_HEADERS.version]),
    });

    const second = (await placeDelivery(v, { orario: '20:30' })).deliveryId;
    await tabletB.next('updateCountDelivery');
    const reject = await v.tablet.send(calls.deliveryReject.path, { deliveryId: second }, tabletA.socketId);
    const rejectVersion = Number(reject.headers[SYNC_HEADERS.version]);
    expect(await tabletB.next('removeDelivery')).toMatchObject({
      data: { deliveryId: second },
      version: rejectVersion,
    });
    expect(await tabletB.next('updateCountDelivery')).toMatchObject({
      data: { count: 0 },
      version: rejectVersion,
    });

    await settle();
    // The sender's socket heard the customers' sends only, none of its own decisions.
    expect(
      tabletA.frames.map((f) => f.event).filter((e) => e !== 'order' && e !== 'updateCountDelivery'),
    ).toEqual([]);
    expect(tabletA.frames.filter((f) => f.event === 'updateCountDelivery').map((f) => f.data.count)).toEqual([
      1, 1,
    ]);
  });
});

describe('orderRoomCart', () => {
  it('adds menu-priced lines to a pending delivery (pending too) and to an accepted one (accepted)', async () => {
    const { deliveryId } = await placeDelivery(v);
    const res = await v.tablet.send(calls.userOrderRoomCart.path, {
      deliveryId,
      ownerId: v.owner.venueId,
      cart: [
        { ...cartLine(v.menu.birra, 2), price: 1 },
        {
          id: null,
          name: 'Ghiaccio extra',
          price: 50,
          amount: 1,
          selected_option: 'bar',
          categoryId: 'out_menu',
          categoryName: 'Fuori menu',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.json().lines as DeliveryAnswer['table']['reservations'];
    expect(lines.map((l) => [l.name, l.price, l.amount, l.accettato, l.deliveryId])).toEqual([
      ['Birra', 450, 2, 0, deliveryId],
      ['Ghiaccio extra', 50, 1, 0, deliveryId],
    ]);
    await sendOk(v.tablet, calls.deliveryAccept.path, { deliveryId });
    const more = await sendOk(v.tablet, calls.userOrderRoomCart.path, {
      deliveryId,
      cart: [cartLine(v.menu.birra, 1)],
    });
    expect((more.lines as Array<{ accettato: number }>)[0]?.accettato).toBe(1);
    const log = (await changeLog(v.app, v.owner.venueId)).at(-1);
    expect(log).toMatchObject({ entity: 'line', op: 'put' });
  });

  it('refuses a closed delivery, another venue’s, a foreign ownerId, a customer; nothing changed', async () => {
    const { deliveryId } = await placeDelivery(v);
    const cart = [cartLine(v.menu.birra, 1)];
    const stranger = await createOwner(v.app);
    const res = await device(v.app, stranger).send(calls.userOrderRoomCart.path, { deliveryId, cart });
    expect(res.json().code).toBe('NOT_FOUND');
    await expectRefused(
      calls.userOrderRoomCart.path,
      { deliveryId, cart, ownerId: stranger.venueId },
      403,
      'FORBIDDEN',
    );
    const customer = await post(v.app.app, calls.userOrderRoomCart.path, { deliveryId, cart }, v.guest);
    expect(customer.statusCode).toBe(403);
    await sendOk(v.tablet, calls.deliveryReject.path, { deliveryId });
    await expectRefused(
      calls.userOrderRoomCart.path,
      { deliveryId, cart },
      409,
      'CONFLICT',
      t.deliveryNotOpen,
    );
  });
});

describe('the owner’s phone order', () => {
  it('reaches the dashboard at once and mails the customer if an address was given', async () => {
    const res = await sendDelivery(v, deliveryBody(v, { isOwner: true, tipo: 'Ritiro' }), v.owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const dashboard = (await post(v.app.app, calls.dashboardGet.path, {}, v.owner.cookie)).json()
      .reservations;
    expect(dashboard).toHaveLength(1);
    const [mail] = await mailsTo(v, 'lucia@example.it');
    expect(mail?.text).toContain('Tipo: Ritiro');
    expect(mail?.text).not.toContain('Costo consegna');
  });
});
