import { calls, type MenuDish, type ReservationLine } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { venues } from '../../src/db/schema.ts';
import {
  createGuest,
  createOwner,
  createTestApp,
  type Owner,
  post,
  rowCounts,
  type TestApp,
} from '../test-app.ts';
import { type SeededMenu, seedMenu, sendOk } from './menu.ts';
import { type Device, device } from './rooms.ts';

/**
 * Test helpers of the ordering feature: a venue with a menu, a room with two tables and a guest,
 * open at the app clock (Rome 19:00 inside the default 18:00-23:00), and cart lines built the
 * way the PWA builds them (the dish as received plus amount, note and `selected`).
 */
export const OPEN_NOW = '2025-07-15T19:00:00+02:00';

export interface Venue {
  app: TestApp;
  owner: Owner;
  tablet: Device;
  menu: SeededMenu;
  roomId: string;
  tableId: string;
  otherTableId: string;
  guest: string;
}

export async function setupVenue(t?: TestApp): Promise<Venue> {
  const app = t ?? (await createTestApp({ env: { COMANDA_FAKE_NOW: OPEN_NOW } }));
  const owner = await createOwner(app);
  const tablet = device(app, owner);
  const menu = await seedMenu(app, tablet, owner.cookie);
  const roomId = String((await sendOk(tablet, calls.roomsAdd.path, { name: 'Sala' })).id);
  const tableId = String((await sendOk(tablet, calls.tablesAdd.path, { roomId, x: 10, y: 70 })).id);
  const otherTableId = String((await sendOk(tablet, calls.tablesAdd.path, { roomId, x: 100, y: 70 })).id);
  return { app, owner, tablet, menu, roomId, tableId, otherTableId, guest: await createGuest(app) };
}

/** A cart line: the dish as the menu sent it, with the chosen option labels per variant name. */
export function cartLine(
  dish: MenuDish,
  amount: number,
  picks: Record<string, string[]> = {},
  note?: string,
): Record<string, unknown> {
  return {
    ...dish,
    amount,
    ...(note !== undefined ? { note } : {}),
    variants: dish.variants.map((v) => {
      const chosen = v.options.filter((o) => picks[v.name]?.includes(o.label));
      return { ...v, selected: v.multi === 1 ? chosen : (chosen[0] ?? null) };
    }),
  };
}

export function orderBody(venue: Venue, cart: unknown[], extra: Record<string, unknown> = {}) {
  return { cart, tableId: venue.tableId, ownerId: venue.owner.venueId, ...extra };
}

export function placeOrder(
  venue: Venue,
  body: unknown,
  cookie = venue.guest,
  headers: Record<string, string> = {},
) {
  return post(venue.app.app, calls.userOrder.path, body, cookie, headers);
}

export type OrderAnswer = { success: true; tableId: string; lines: ReservationLine[] };

/** Rows of the order tables and the change log: "nothing stored" compares two of these. */
export async function orderCounts(app: TestApp) {
  const counts = await rowCounts(app.app);
  return { orders: counts.orders, order_lines: counts.order_lines, changes: counts.changes };
}

export async function setVenue(
  app: TestApp,
  venueId: string,
  set: Partial<typeof venues.$inferInsert>,
): Promise<void> {
  await app.app.store.db.update(venues).set(set).where(eq(venues.id, venueId));
}
