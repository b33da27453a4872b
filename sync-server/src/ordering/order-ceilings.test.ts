import {
  calls,
  ENTRY_LINES_MAX,
  ENTRY_TOTAL_MAX_CENTS,
  LINE_TOTAL_MAX_CENTS,
  MAX_CENTS,
  type MenuDish,
  ORDER_LINES_MAX,
  ORDER_TOTAL_MAX_CENTS,
  tf,
} from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deliveryBody, sendDelivery, setupDelivery } from '../../test-support/kits/delivery.ts';
import { ownerMenu, sendOk } from '../../test-support/kits/menu.ts';
import {
  cartLine,
  orderBody,
  orderCounts,
  placeOrder,
  setupVenue,
  type Venue,
} from '../../test-support/kits/ordering.ts';
import { storedRowCounts } from '../../test-support/test-app.ts';
import { first } from '../db/client.ts';
import { orderLines, orders } from '../db/schema.ts';

/**
 * Order ceilings at send time (shared-schema rules/order-ceilings.ts): a line, a send and a
 * table's open order have a largest size, below the `Cents` bound with margin, so no guest can
 * make a table impossible to complete. A refusal says which in Italian and stores nothing.
 */
let v: Venue;
/** 150,00 € a head: a banquet's menu. 133 of them are the largest line (19.950,00 €). */
let banquet: MenuDish;
const BANQUET_PRICE = 15_000;

async function addBanquet(venue: Venue): Promise<MenuDish> {
  const id = String(
    (
      await sendOk(venue.tablet, calls.ownerDishAdd.path, {
        name: 'Menu banchetto',
        price: BANQUET_PRICE,
        categoryId: venue.menu.pizze,
      })
    ).id,
  );
  const dish = (await ownerMenu(venue.app, venue.owner.cookie)).dishes.find((d) => d.id === id);
  if (!dish) throw new Error('banquet dish not stored');
  return dish;
}

beforeEach(async () => {
  v = await setupVenue();
  banquet = await addBanquet(v);
});
afterEach(async () => {
  await v.app.close();
});

/** `n` Birra lines, each its own (a different note). */
const birre = (n: number, amount = 1) =>
  Array.from({ length: n }, (_, i) => cartLine(v.menu.birra, amount, {}, `n${i}`));

async function sent(cart: unknown[], tableId = v.tableId, cookie = v.guest) {
  const res = await placeOrder(v, orderBody(v, cart, { tableId }), cookie);
  expect(res.statusCode, res.body).toBe(200);
}

/** Refused with this status and text, and not one row written anywhere. */
async function expectRefused(body: unknown, status: number, error: string, cookie = v.guest): Promise<void> {
  const before = await storedRowCounts(v.app.app);
  const res = await placeOrder(v, body, cookie);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({
    success: false,
    code: status === 400 ? 'VALIDATION' : 'CONFLICT',
    error,
  });
  expect(await storedRowCounts(v.app.app)).toEqual(before);
}

const openTotal = async (tableId = v.tableId) => {
  const db = v.app.app.store.db;
  const order = await first(db.select().from(orders).where(eq(orders.tableId, tableId)).limit(1));
  if (!order) return 0;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  return lines.reduce((sum, l) => sum + l.price * l.amount, 0);
};

describe('order ceilings at send time', () => {
  it('a line past 20.000,00 € is refused; the largest line passes', async () => {
    const over = Math.floor(LINE_TOTAL_MAX_CENTS / BANQUET_PRICE) + 1;
    await expectRefused(
      orderBody(v, [cartLine(banquet, over)]),
      400,
      tf.lineTotalTooHigh(LINE_TOTAL_MAX_CENTS),
    );
    await sent([cartLine(banquet, over - 1)]);
  });

  it('more than 100 lines in one send are refused; 100 pass', async () => {
    await expectRefused(orderBody(v, birre(ORDER_LINES_MAX + 1)), 400, tf.orderTooManyLines(ORDER_LINES_MAX));
    await sent(birre(ORDER_LINES_MAX));
  });

  it('the attack: 200 lines of 999 is refused, nothing stored', async () => {
    await expectRefused(orderBody(v, birre(200, 999)), 400, tf.orderTooManyLines(ORDER_LINES_MAX));
  });

  it('a send past 30.000,00 € is refused; one at 29.850,00 € passes', async () => {
    await expectRefused(
      orderBody(v, [cartLine(banquet, 133), cartLine(banquet, 68, {}, 'bis')]),
      400,
      tf.orderTotalTooHigh(ORDER_TOTAL_MAX_CENTS),
    );
    await sent([cartLine(banquet, 133), cartLine(banquet, 66, {}, 'bis')]);
  });

  it('the table: what is open plus this send may not pass 50.000,00 €; other tables are apart', async () => {
    const round = [cartLine(banquet, 133), cartLine(banquet, 66, {}, 'bis')];
    await sent(round);
    await sent([cartLine(banquet, 133)]);
    expect(await openTotal()).toBe(4_980_000);
    const full = tf.tableTotalTooHigh(ENTRY_TOTAL_MAX_CENTS);
    await expectRefused(orderBody(v, round), 409, full);
    await expectRefused(orderBody(v, [cartLine(banquet, 2)]), 409, full);
    // Up to 50 cents below the ceiling: one more Birra (4,50 €) no longer fits.
    await sent([cartLine(banquet, 1)]);
    await sent([cartLine(v.menu.birra, 11)]);
    expect(await openTotal()).toBe(ENTRY_TOTAL_MAX_CENTS - 50);
    await expectRefused(orderBody(v, [cartLine(v.menu.birra, 1)]), 409, full);
    await sent(round, v.otherTableId);
  });

  it('the table holds at most 500 lines', async () => {
    for (let n = 0; n < ENTRY_LINES_MAX; n += ORDER_LINES_MAX) await sent(birre(ORDER_LINES_MAX));
    await expectRefused(orderBody(v, birre(1)), 409, tf.tableTooManyLines(ENTRY_LINES_MAX));
  });

  it('the owner ordering for a table meets the same ceilings, told as the owner', async () => {
    const outOfMenu = (price: number) => ({
      id: null,
      name: 'Tartufo',
      price,
      amount: 1,
      selected_option: 'cucina',
      categoryId: 'out_menu',
      categoryName: 'Fuori menu',
    });
    const asOwner = (cart: unknown[]) => orderBody(v, cart, { isOwner: true });
    await expectRefused(
      asOwner([outOfMenu(MAX_CENTS)]),
      400,
      tf.lineTotalTooHigh(LINE_TOTAL_MAX_CENTS),
      v.owner.cookie,
    );
    await sent([cartLine(banquet, 133), cartLine(banquet, 66, {}, 'bis')]);
    await sent([cartLine(banquet, 133)]);
    await expectRefused(
      asOwner([outOfMenu(LINE_TOTAL_MAX_CENTS)]),
      409,
      tf.entryTotalTooHigh(ENTRY_TOTAL_MAX_CENTS),
      v.owner.cookie,
    );
  });
});

describe('order ceilings on deliveries', () => {
  it('the delivery fee counts in the order total; nothing stored when refused', async () => {
    const d = await setupDelivery();
    try {
      const big = await addBanquet(d);
      // 30.000,00 € of dishes: a pickup at the ceiling passes, a consegna with its fee does not.
      const cart = [cartLine(big, 133), cartLine(big, 66, {}, 'bis'), cartLine(big, 1, {}, 'ter')];
      const before = await storedRowCounts(d.app.app);
      const res = await sendDelivery(d, deliveryBody(d, {}, cart), d.guest, null);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe(tf.orderTotalTooHigh(ORDER_TOTAL_MAX_CENTS));
      expect(await storedRowCounts(d.app.app)).toEqual(before);
      const pickup = await sendDelivery(d, deliveryBody(d, { tipo: 'Ritiro' }, cart));
      expect(pickup.statusCode, pickup.body).toBe(200);
    } finally {
      await d.app.close();
    }
  });

  it("the owner's dishes added to a delivery may not take it past 50.000,00 €", async () => {
    const d = await setupDelivery();
    try {
      const big = await addBanquet(d);
      const phone = await sendDelivery(
        d,
        deliveryBody(d, { tipo: 'Ritiro', isOwner: true }, [
          cartLine(big, 133),
          cartLine(big, 66, {}, 'bis'),
        ]),
        d.owner.cookie,
      );
      expect(phone.statusCode, phone.body).toBe(200);
      const deliveryId = phone.json().deliveryId as string;
      const add = (cart: unknown[]) =>
        d.tablet.send(calls.userOrderRoomCart.path, { cart, deliveryId, ownerId: d.owner.venueId });
      expect((await add([cartLine(big, 133)])).statusCode).toBe(200);
      const before = await orderCounts(d.app);
      const refused = await add([cartLine(big, 2)]);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'CONFLICT',
        error: tf.entryTotalTooHigh(ENTRY_TOTAL_MAX_CENTS),
      });
      // The tablet's mutation is answered (its refusal stored), no order row, line or change.
      expect(await orderCounts(d.app)).toEqual(before);
    } finally {
      await d.app.close();
    }
  });
});
