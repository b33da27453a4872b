import { randomUUID } from 'node:crypto';
import {
  type CallDef,
  MAX_CENTS,
  type MenuDish,
  SYNC_HEADERS,
  selectedOptions,
  type Variant,
} from '@comanda/shared-schema';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { venueRows } from '../isolation/tenant-probe.ts';
import { rowOf, rowsOf } from '../raw-sql.ts';
import { createGuest, post } from '../test-app.ts';
import type { TwoVenues, VenueWorld } from '../two-venues.ts';

/**
 * Helpers of the forged-money tests: what the server must charge, computed here from
 * the menu and the profile and the spec's card fee formula (not from the server's own helpers),
 * the forged fields a client may add, and the stored rows.
 */

/** Spec 9: total = (amount + 0,305 + 0,1) / 0,95535 in euro, rounded up to the cent, as exact integers. */
export function specCardTotal(netCents: number): number {
  if (netCents === 0) return 0;
  // (a/100 + 0.405) / 0.95535 * 100 = (2a + 81) * 50000 / 95535 cents.
  const numerator = BigInt(2 * netCents + 81) * 50_000n;
  return Number((numerator + 95_534n) / 95_535n);
}

/** A dish's unit price from the menu: base price plus every selected option's price. */
export function unitPrice(dish: MenuDish, picks: readonly string[]): number {
  const options = dish.variants.flatMap((v: Variant) => v.options).filter((o) => picks.includes(o.label));
  return dish.price + options.reduce((sum, o) => sum + o.price, 0);
}

/** Every money-looking field a client may forge, with values that would pay less (or more). */
export const FORGED_FIELDS: Record<string, unknown> = {
  price: 1,
  total: 1,
  fee: 0,
  serviceFee: 0,
  discount: 99_950,
  sconto: 99_950,
  costoConsegna: 0,
  totaleOrdine: 1,
  totalePagato: 1,
  totalAmount: 1,
  netAmount: 1,
  amountPaid: 1,
  statusPay: 1,
  paymentMethod: 'cassa',
  accountId: 'acct_someoneElse',
};

/** Numbers a forger tries for a price or an amount (the valid ones included). */
export const FORGED_NUMBERS = [
  0,
  1,
  -1,
  -100,
  0.5,
  12.34,
  999,
  1000,
  1e9,
  MAX_CENTS,
  MAX_CENTS + 1,
  -0,
  2 ** 53,
];

/** Prices and quantities the owner may not set: negative, fractional cents, too large, not numbers. */
export const BAD_PRICES = [-1, -50, 12.5, 0.01 + 0.02, MAX_CENTS + 1, 2 ** 53, '1250', '12,50', null];
export const BAD_AMOUNTS = [0, -1, 1000, 1.5, 1e9, '2'];

/** An owner's 'Fuori menu' cart line (spec 3: id null, categoryId 'out_menu'). */
export function outOfMenuLine(venue: VenueWorld, price: unknown, amount: unknown = 1) {
  return {
    id: null,
    name: `${venue.marker}Fuori`,
    price,
    amount,
    selected_option: 'bar',
    categoryId: 'out_menu',
    categoryName: 'Fuori menu',
  };
}

/** A cart line with every price in it (the line's, its options', its selection's) set to `price`. */
export function forgedLine(
  line: Record<string, unknown>,
  price: unknown,
  extra: Record<string, unknown> = {},
) {
  const variants = (line.variants as Variant[]).map((v) => {
    const options = v.options.map((o) => ({ ...o, price }));
    const chosen = selectedOptions(v).map((o) => ({ ...o, price }));
    return { ...v, options, selected: v.multi === 1 ? chosen : (chosen[0] ?? null) };
  });
  return { ...line, ...extra, price, variants, name: 'Gratis', categoryName: 'Regalo' };
}

/** The stored lines of an order, in order. */
export async function storedLines(world: TwoVenues, orderId: string) {
  return await rowsOf<{
    id: string;
    dish_id: string | null;
    name: string;
    price: number;
    amount: number;
    status: string;
  }>(
    world.t.app,
    sql`SELECT id, dish_id, name, price, amount, status FROM order_lines WHERE order_id = ${orderId} ORDER BY seq`,
  );
}

/** A stored order's row as SQLite keeps it (its flags as 0/1 on both stores, see below). */
export interface StoredOrder {
  id: string;
  kind: string;
  costo_consegna: number;
  service_fee: number;
  sconto: number;
  payment_method: string | null;
  payment_intent_id: string | null;
  status_pay: number;
  accettato: number;
  closed_at: number | null;
}

export async function storedOrder(world: TwoVenues, id: string): Promise<StoredOrder | undefined> {
  const row = await rowOf<Omit<StoredOrder, 'status_pay' | 'accettato'> & Record<string, unknown>>(
    world.t.app,
    sql`SELECT * FROM orders WHERE id = ${id}`,
  );
  if (!row) return undefined;
  // Booleans: 0/1 on SQLite, true/false on PostgreSQL; the tests compare them as SQLite's 0/1.
  return { ...row, status_pay: Number(row.status_pay), accettato: Number(row.accettato) };
}

export async function openOrderOf(world: TwoVenues, tableId: string): Promise<string> {
  const row = await rowOf<{ id: string }>(
    world.t.app,
    sql`SELECT id FROM orders WHERE table_id = ${tableId} AND closed_at IS NULL`,
  );
  if (!row) throw new Error(`no open order at table ${tableId}`);
  return row.id;
}

/**
 * A venue's business rows without the sync bookkeeping a refused mutation legitimately writes
 * (the device counter and its stored refusal): equal before and after = nothing charged changed.
 */
export async function moneyRows(world: TwoVenues, venue: VenueWorld) {
  const {
    client_mutations: _c,
    mutation_answers: _m,
    sessions: _s,
    ...rows
  } = await venueRows(world.t, venue);
  return {
    ...rows,
    intents: world.fake.intents().map((i) => ({ id: i.id, amount: i.amount, status: i.status })),
  };
}

/** A customer's (or the owner's) write with a fresh Idempotency-Key. */
export function sendKeyed(world: TwoVenues, def: CallDef, body: unknown, cookie: string) {
  return post(world.t.app, def.path, body, cookie, { [SYNC_HEADERS.idempotencyKey]: randomUUID() });
}

/** A customer with a guest session and an address of its own. */
export interface Diner {
  cookie: string;
  address: string;
}

let diners = 0;

/**
 * A new diner: these tests send many deliveries, far past the two pending per account and ten per
 * address a venue accepts (delivery/senders.ts), which are not what they are about.
 */
export async function newDiner(world: TwoVenues): Promise<Diner> {
  diners += 1;
  return { cookie: await createGuest(world.t), address: `198.18.${(diners >> 8) & 255}.${diners & 255}` };
}

/** `sendKeyed` as a diner, from its own address. */
export function sendAs(world: TwoVenues, def: CallDef, body: unknown, diner: Diner) {
  return world.t.app.inject({
    method: 'POST',
    url: def.path,
    payload: body as object,
    headers: { cookie: diner.cookie, [SYNC_HEADERS.idempotencyKey]: randomUUID() },
    remoteAddress: diner.address,
  });
}

/** A refused write: a 4xx with the envelope, and nothing of the venue's money changed. */
export async function expectRefused(
  world: TwoVenues,
  venue: VenueWorld,
  send: () => Promise<{ statusCode: number; body: string }>,
  what: string,
): Promise<{ code: string; error: string }> {
  const before = await moneyRows(world, venue);
  const res = await send();
  expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
  expect(await moneyRows(world, venue), what).toEqual(before);
  return JSON.parse(res.body) as { code: string; error: string };
}

/** Lines not deleted by the owner: price x amount (spec 4: a deleted dish counts 0). */
export const subtotalOf = (lines: ReadonlyArray<{ price: number; amount: number; status: string }>) =>
  lines.reduce((sum, l) => (l.status === 'owner_deleted' ? sum : sum + l.price * l.amount), 0);
