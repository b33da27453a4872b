import { randomUUID } from 'node:crypto';
import { calls, DELIVERY_CITIES, type MenuDish, SYNC_HEADERS, type TableOrder } from '@comanda/shared-schema';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { changes, orderLines, orders, venues } from '../../src/db/schema.ts';
import { post, readMails, storedRowCounts } from '../test-app.ts';
import { sendOk } from './menu.ts';
import { cartLine, setupVenue, setVenue, type Venue } from './ordering.ts';

/**
 * Test helpers of the delivery feature (imported by its tests only): the ordering venue (Rome
 * 19:00, open 18:00-23:00) with delivery on from 19:00 to 22:30, a 2,50 € fee, the spec's cities,
 * two orders per slot, and a 'Fritti' category with 'Patatine' (3,00 €); delivery bodies as the
 * PWA's form sends them.
 */
export interface DeliveryVenue extends Venue {
  patatine: MenuDish;
}

export const FEE = 250;

export async function setupDelivery(): Promise<DeliveryVenue> {
  const v = await setupVenue();
  await setVenue(v.app, v.owner.venueId, {
    abilitaConsegna: true,
    costoConsegna: FEE,
    deliveryCities: [...DELIVERY_CITIES],
    slotCapacity: 2,
    openConsegna: '19:00',
    closeConsegna: '22:30',
  });
  const fritti = String(
    (await sendOk(v.tablet, calls.ownerCategoryAdd.path, { name: 'Fritti', area: 'fritti' })).id,
  );
  const id = String(
    (await sendOk(v.tablet, calls.ownerDishAdd.path, { name: 'Patatine', price: 300, categoryId: fritti }))
      .id,
  );
  const menu = await post(v.app.app, calls.userMenuGet.path, { businessId: v.owner.venueId }, v.guest);
  const patatine = (menu.json().data as MenuDish[]).find((d) => d.id === id);
  if (!patatine) throw new Error('Patatine not on the menu');
  return { ...v, patatine };
}

/** A Consegna at 20:00 for Lucia in Avella: 2 Margherita Maxi (10,00 €) and a Birra (4,50 €). */
export function deliveryBody(v: Venue, extra: Record<string, unknown> = {}, cart?: unknown[]) {
  return {
    tipo: 'Consegna',
    orario: '20:00',
    nome: 'Lucia',
    cognome: 'Bianchi',
    telefono: '3331234567',
    email: 'lucia@example.it',
    indirizzo: 'Via Roma 1',
    comune: 'Avella',
    noteConsegna: 'citofono Bianchi',
    cart: cart ?? [cartLine(v.menu.margherita, 2, { Formato: ['Maxi'] }), cartLine(v.menu.birra, 1)],
    ownerId: v.owner.venueId,
    ...extra,
  };
}

export type DeliveryAnswer = { success: true; deliveryId: string; table: TableOrder };

/** The customer's send, with a fresh Idempotency-Key unless one is given (null: none). */
export function sendDelivery(v: Venue, body: unknown, cookie = v.guest, key: string | null = randomUUID()) {
  return post(
    v.app.app,
    calls.userOrderDelivery.path,
    body,
    cookie,
    key ? { [SYNC_HEADERS.idempotencyKey]: key } : {},
  );
}

/** A stored send; `cookie` another sender than the venue's guest (two pending each at most). */
export async function placeDelivery(
  v: Venue,
  extra: Record<string, unknown> = {},
  cart?: unknown[],
  cookie = v.guest,
) {
  const res = await sendDelivery(v, deliveryBody(v, extra, cart), cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DeliveryAnswer;
}

export async function deliveryOptions(v: Venue, body: Record<string, unknown> = {}, cookie = v.guest) {
  const res = await post(
    v.app.app,
    calls.userDeliveryOptions.path,
    { ownerId: v.owner.venueId, ...body },
    cookie,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as {
    business: {
      openConsegna: string;
      closeConsegna: string;
      abilitaConsegna: number;
      currentTime_db: string;
    };
    reservation: Array<{ orario: string }>;
    costoConsegna: number;
    deliveryCities: string[];
    slots: { closed: boolean; asap: [string, string] | null; selectable: string[]; serviceDate: string };
  };
}

export async function pendingCount(v: Venue, cookie = v.owner.cookie): Promise<number> {
  const res = await v.app.app.inject({ method: 'GET', url: calls.deliveryCount.path, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as number;
}

/** Every row of every table and the versions: equal before and after = nothing stored. */
export async function everything(v: Venue) {
  const { db } = v.app.app.store;
  return {
    counts: await storedRowCounts(v.app.app),
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
    lines: await db.select().from(orderLines).orderBy(asc(orderLines.id)),
    changes: await db.select().from(changes).orderBy(asc(changes.seq)),
    versions: await db.select({ id: venues.id, version: venues.version }).from(venues),
  };
}

/** The venue's deliveries as stored. */
export async function storedDeliveries(v: Venue) {
  return await v.app.app.store.db.select().from(orders).where(eq(orders.venueId, v.owner.venueId));
}

export async function mailsTo(v: Venue, to: string) {
  return (await readMails(v.app)).filter((m) => m.file.includes(to));
}
