import { calls, type ReservationLine, type TableOrder } from '@comanda/shared-schema';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { first } from '../../src/db/client.ts';
import {
  changes,
  diningTables,
  orderHistory,
  orderHistoryLines,
  orderLines,
  orders,
  venues,
} from '../../src/db/schema.ts';
import { randomId } from '../../src/lib/ids.ts';
import { createOwner, type Owner, post } from '../test-app.ts';
import { cartLine, type OrderAnswer, orderBody, placeOrder, setupVenue, type Venue } from './ordering.ts';
import { type Device, device } from './rooms.ts';

/**
 * Test helpers of the dashboard (imported by its tests only): a venue whose table 1 has an open
 * order (2 Margherita Maxi at 10,00 €, 3 Birra at 4,50 €: cucina and bar), a second owner with a
 * venue of their own, deliveries written straight into the store (their ordering is a later
 * issue), and the rows "nothing changed" compares.
 */
export interface Dash extends Venue {
  /** The open order's lines as the customer's send stored them: [margherita, birra]. */
  lines: ReservationLine[];
  orderId: string;
  stranger: Owner;
  strangerTablet: Device;
}

export async function setupDashboard(): Promise<Dash> {
  const v = await setupVenue();
  const lines = await order(v, [
    cartLine(v.menu.margherita, 2, { Formato: ['Maxi'] }),
    cartLine(v.menu.birra, 3),
  ]);
  const stored = await first(v.app.app.store.db.select().from(orders).where(eq(orders.tableId, v.tableId)));
  const orderId = stored?.id;
  if (!orderId) throw new Error('order not stored');
  const stranger = await createOwner(v.app);
  return { ...v, lines, orderId, stranger, strangerTablet: device(v.app, stranger) };
}

/** A customer's send to table 1 (or another table): the stored lines. */
export async function order(v: Venue, cart: unknown[], tableId = v.tableId): Promise<ReservationLine[]> {
  const res = await placeOrder(v, orderBody(v, cart, { tableId }));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as OrderAnswer).lines;
}

export async function dashboard(v: Venue, filter?: string, cookie = v.owner.cookie): Promise<TableOrder[]> {
  const res = await post(v.app.app, calls.dashboardGet.path, filter ? { filter } : {}, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().reservations as TableOrder[];
}

export async function entry(v: Venue, tableId = v.tableId): Promise<TableOrder> {
  const res = await post(v.app.app, calls.dashboardTableGet.path, { tableId }, v.owner.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().table as TableOrder;
}

export async function version(v: Venue): Promise<number> {
  const row = await first(
    v.app.app.store.db.select({ version: venues.version }).from(venues).where(eq(venues.id, v.owner.venueId)),
  );
  return row?.version ?? -1;
}

/** Every row a dashboard call may write (both venues): equal before and after = nothing changed. */
export async function storedRows(v: Venue) {
  const { db } = v.app.app.store;
  return {
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
    lines: await db.select().from(orderLines).orderBy(asc(orderLines.id)),
    history: await db.select().from(orderHistory),
    historyLines: await db.select().from(orderHistoryLines),
    tables: await db.select().from(diningTables).orderBy(asc(diningTables.id)),
    changes: await db.select().from(changes).orderBy(asc(changes.seq)),
    versions: await db.select({ id: venues.id, version: venues.version }).from(venues),
  };
}

/** Sends a mutation expected to be refused, and checks that nothing the venue keeps changed. */
export async function expectRefused(
  v: Venue,
  tablet: Device,
  path: string,
  body: unknown,
  status: number,
  code: string,
  error?: string,
) {
  const before = await storedRows(v);
  const res = await tablet.send(path, body);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ success: false, code, ...(error ? { error } : {}) });
  expect(await storedRows(v)).toEqual(before);
  return res.json() as { error: string; issues?: Array<{ path: string; message: string }> };
}

export interface DeliverySeed {
  kind?: 'consegna' | 'ritiro';
  accettato?: boolean;
  costoConsegna?: number;
  paymentIntentId?: string | null;
  lines: Array<{ name: string; price: number; amount: number; area?: 'cucina' | 'bar' | 'fritti' }>;
}

/** A delivery or pickup order as the delivery feature will store it, written directly. */
export async function seedDelivery(v: Venue, seed: DeliverySeed): Promise<string> {
  const { db } = v.app.app.store;
  const id = randomId();
  const now = v.app.app.clock.nowMs();
  await db.insert(orders).values({
    id,
    venueId: v.owner.venueId,
    kind: seed.kind ?? 'consegna',
    nome: 'Lucia',
    cognome: 'Bianchi',
    telefono: '3331234567',
    indirizzo: 'Via Roma 1',
    comune: 'Avella',
    orario: '20:15',
    accettato: seed.accettato ?? true,
    costoConsegna: seed.costoConsegna ?? 0,
    paymentIntentId: seed.paymentIntentId ?? null,
    createdAt: now,
    updatedAt: now,
  });
  for (const [i, line] of seed.lines.entries()) {
    await db.insert(orderLines).values({
      id: randomId(),
      orderId: id,
      venueId: v.owner.venueId,
      seq: i + 1,
      dishId: null,
      name: line.name,
      price: line.price,
      amount: line.amount,
      selectedOption: line.area ?? 'cucina',
      categoryName: 'Pizze',
      accettato: seed.accettato ?? true,
      createdAt: now,
      lastUpdate: now,
    });
  }
  return id;
}
