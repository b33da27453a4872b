import {
  calls,
  ENTRY_TOTAL_MAX_CENTS,
  LINE_TOTAL_MAX_CENTS,
  MAX_CENTS,
  type MenuDish,
  type ReservationLine,
  tf,
} from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Dash, expectRefused, order, setupDashboard } from '../../test-support/kits/dashboard.ts';
import { ownerMenu, sendOk } from '../../test-support/kits/menu.ts';
import { cartLine } from '../../test-support/kits/ordering.ts';
import { orderLines } from '../db/schema.ts';

/**
 * The owner's own edits meet the table ceiling too (shared-schema rules/order-ceilings.ts): an
 * amount or price raised, an out-of-menu line, a deleted line restored may not take an open
 * entry past 50.000,00 €, or the order could no longer be completed. Lowering is always allowed.
 */
let v: Dash;
/** Table 1 after the banquet's sends: 49.833,50 € (33,50 € of the kit's order + 49.800,00 €). */
let banquetLines: ReservationLine[];
const FULL = 4_983_350;
const tooMuch = tf.entryTotalTooHigh(ENTRY_TOTAL_MAX_CENTS);

beforeEach(async () => {
  v = await setupDashboard();
  const id = String(
    (
      await sendOk(v.tablet, calls.ownerDishAdd.path, {
        name: 'Menu banchetto',
        price: 15_000,
        categoryId: v.menu.pizze,
      })
    ).id,
  );
  const banquet = (await ownerMenu(v.app, v.owner.cookie)).dishes.find((d) => d.id === id) as MenuDish;
  banquetLines = [
    ...(await order(v, [cartLine(banquet, 133), cartLine(banquet, 66, {}, 'bis')])),
    ...(await order(v, [cartLine(banquet, 133)])),
  ];
});
afterEach(async () => {
  await v.app.close();
});

const total = async () =>
  (await v.app.app.store.db.select().from(orderLines))
    .filter((l) => l.status !== 'owner_deleted')
    .reduce((sum, l) => sum + l.price * l.amount, 0);
const modify = (reservations: unknown[]) => ({ tableId: v.tableId, reservations });
const margherita = () => v.lines[0]?.id;

describe('owner edits under the table ceiling', () => {
  it('an amount or a price raised past it is refused, nothing changed; lowering passes', async () => {
    expect(await total()).toBe(FULL);
    const path = calls.dashboardTableModify.path;
    await expectRefused(
      v,
      v.tablet,
      path,
      modify([{ id: margherita(), amount: 999 }]),
      409,
      'CONFLICT',
      tooMuch,
    );
    await expectRefused(
      v,
      v.tablet,
      path,
      modify([{ id: margherita(), price: 900_000 }]),
      409,
      'CONFLICT',
      tooMuch,
    );
    // Within it: 16,50 € of room, a Margherita more (10,00 €) fits.
    expect((await v.tablet.send(path, modify([{ id: margherita(), amount: 3 }]))).statusCode).toBe(200);
    const lower = await v.tablet.send(path, modify([{ id: banquetLines[0]?.id, amount: 100 }]));
    expect(lower.statusCode, lower.body).toBe(200);
    expect(await total()).toBe(FULL + 1000 - 33 * 15_000);
  });

  it('an entry stored past the ceiling (before it existed) may still be lowered', async () => {
    const { db } = v.app.app.store;
    await db
      .update(orderLines)
      .set({ amount: 999 })
      .where(eq(orderLines.id, margherita() ?? ''));
    const path = calls.dashboardTableModify.path;
    expect((await v.tablet.send(path, modify([{ id: margherita(), amount: 500 }]))).statusCode).toBe(200);
    await expectRefused(
      v,
      v.tablet,
      path,
      modify([{ id: margherita(), amount: 600 }]),
      409,
      'CONFLICT',
      tooMuch,
    );
  });

  it('an out-of-menu line past it is refused; on a table without an order no order is opened', async () => {
    const path = calls.dashboardTableOutOfMenuAdd.path;
    const line = (price: number) => ({ name: 'Tartufo', price, selected_option: 'cucina' });
    await expectRefused(
      v,
      v.tablet,
      path,
      { tableId: v.tableId, line: line(20_000) },
      409,
      'CONFLICT',
      tooMuch,
    );
    await expectRefused(
      v,
      v.tablet,
      path,
      { tableId: v.otherTableId, line: line(MAX_CENTS) },
      400,
      'VALIDATION',
      tf.lineTotalTooHigh(LINE_TOTAL_MAX_CENTS),
    );
    const fits = await v.tablet.send(path, { tableId: v.tableId, line: line(1500) });
    expect(fits.statusCode, fits.body).toBe(200);
  });

  it('a deleted line restored past it is refused', async () => {
    const path = calls.dashboardStatusSet.path;
    const deleted = banquetLines[2]?.id;
    expect((await v.tablet.send(path, { id: deleted, status: 'owner_deleted' })).statusCode).toBe(200);
    // The room it left is ordered again by the table.
    await order(v, [cartLine(v.menu.birra, 999)]);
    await expectRefused(v, v.tablet, path, { id: deleted, status: 'preparation' }, 409, 'CONFLICT', tooMuch);
    const restoreByModify = modify([{ id: deleted, status: 'preparation' }]);
    await expectRefused(
      v,
      v.tablet,
      calls.dashboardTableModify.path,
      restoreByModify,
      409,
      'CONFLICT',
      tooMuch,
    );
  });
});
