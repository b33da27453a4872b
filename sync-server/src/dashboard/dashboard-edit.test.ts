import { calls, entitySchemas, t } from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Dash,
  entry,
  expectRefused,
  order,
  setupDashboard,
  version,
} from '../../test-support/kits/dashboard.ts';
import { cartLine } from '../../test-support/kits/ordering.ts';
import { changeLog } from '../../test-support/kits/rooms.ts';
import { orders } from '../db/schema.ts';

let v: Dash;

beforeEach(async () => {
  v = await setupDashboard();
});
afterEach(async () => {
  await v.app.close();
});

const line = (i: 0 | 1) => {
  const found = v.lines[i];
  if (!found) throw new Error('seeded line missing');
  return found;
};

/** The venue's change rows written after version `since`. */
const logSince = async (since: number) =>
  (await changeLog(v.app, v.owner.venueId)).filter((c) => c.version > since);

describe('status/set', () => {
  it('cycles preparation, ready, completed, preparation; each step one line change in its wire shape', async () => {
    const id = line(0).id;
    for (const status of ['ready', 'completed', 'preparation'] as const) {
      const since = await version(v);
      const res = await v.tablet.send(calls.dashboardStatusSet.path, { id, status });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().line).toMatchObject({ id, status });
      const log = await logSince(since);
      expect(log.map((c) => [c.entity, c.entityId, c.op])).toEqual([['line', id, 'put']]);
      expect(entitySchemas.line.parse(log[0]?.data)).toEqual(res.json().line);
      expect(Number(res.headers['x-comanda-version'])).toBe(since + 1);
    }
  });

  it('deletes (owner_deleted) and restores to preparation; a deleted line cannot jump to ready', async () => {
    const id = line(1).id;
    await v.tablet.send(calls.dashboardStatusSet.path, { id, status: 'owner_deleted' });
    expect((await entry(v)).reservations.find((l) => l.id === id)?.status).toBe('owner_deleted');
    await expectRefused(
      v,
      v.tablet,
      calls.dashboardStatusSet.path,
      { id, status: 'ready' },
      409,
      'CONFLICT',
      t.deletedLineRestoreFirst,
    );
    const res = await v.tablet.send(calls.dashboardStatusSet.path, { id, status: 'preparation' });
    expect(res.json().line.status).toBe('preparation');
  });

  it('the same status again changes nothing and bumps no version', async () => {
    const before = await version(v);
    const res = await v.tablet.send(calls.dashboardStatusSet.path, { id: line(0).id, status: 'preparation' });
    expect(res.statusCode).toBe(200);
    expect(await version(v)).toBe(before);
  });

  it("another venue's line: 404, nothing changed", async () => {
    await expectRefused(
      v,
      v.strangerTablet,
      calls.dashboardStatusSet.path,
      { id: line(0).id, status: 'ready' },
      404,
      'NOT_FOUND',
      t.orderLineNotFound,
    );
  });
});

describe('table/modify', () => {
  it('changes only the fields sent of the lines named; lines a customer added meanwhile survive', async () => {
    const seen = await entry(v);
    // The tablet read the order; a customer sends another dish before the tablet's modify arrives.
    const [late] = await order(v, [cartLine(v.menu.capricciosa, 1)]);
    const since = await version(v);
    const res = await v.tablet.send(calls.dashboardTableModify.path, {
      tableId: v.tableId,
      reservations: [{ id: line(0).id, amount: 3, note: '  ben cotta ' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().table as typeof seen;
    expect(after.reservations.map((l) => [l.name, l.amount, l.price, l.note ?? null])).toEqual([
      ['Margherita', 3, 1000, 'ben cotta'],
      ['Birra', 3, 450, null],
      ['Capricciosa', 1, 850, null],
    ]);
    expect(after.reservations.find((l) => l.id === late?.id)).toEqual(late);
    expect(after.reservations[1]).toEqual(seen.reservations[1]);
    expect((await logSince(since)).map((c) => [c.entity, c.entityId])).toEqual([['line', line(0).id]]);
  });

  it('the owner may set a menu line’s price (integer cents, 0 or more); forged prices are refused', async () => {
    const id = line(1).id;
    const ok = await v.tablet.send(calls.dashboardTableModify.path, {
      tableId: v.tableId,
      reservations: [{ id, price: 0 }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().table.reservations[1].price).toBe(0);
    for (const price of [-100, 12.5, '450', null]) {
      const refused = await expectRefused(
        v,
        v.tablet,
        calls.dashboardTableModify.path,
        { tableId: v.tableId, reservations: [{ id, price }] },
        400,
        'VALIDATION',
      );
      expect(refused.issues?.[0]).toEqual({
        path: 'reservations.0.price',
        message: price === null ? t.priceEmpty : t.invalidPrice,
      });
    }
    for (const amount of [0, 1000, 1.5]) {
      const refused = await expectRefused(
        v,
        v.tablet,
        calls.dashboardTableModify.path,
        { tableId: v.tableId, reservations: [{ id, amount }] },
        400,
        'VALIDATION',
      );
      expect(refused.issues?.[0]?.message).toBe(t.invalidAmount);
    }
  });

  it('deletes and restores; a whole line sent back never undoes the kitchen’s status', async () => {
    const id = line(0).id;
    await v.tablet.send(calls.dashboardStatusSet.path, { id, status: 'ready' });
    const whole = { ...line(0), amount: 4 };
    const res = await v.tablet.send(calls.dashboardTableModify.path, {
      tableId: v.tableId,
      reservations: [whole],
    });
    expect(res.json().table.reservations[0]).toMatchObject({ amount: 4, status: 'ready' });
    const del = await v.tablet.send(calls.dashboardTableModify.path, {
      tableId: v.tableId,
      reservations: [{ id, status: 'owner_deleted' }],
    });
    expect(del.json().table.reservations[0].status).toBe('owner_deleted');
    const back = await v.tablet.send(calls.dashboardTableModify.path, {
      tableId: v.tableId,
      reservations: [{ id, status: 'preparation' }],
    });
    expect(back.json().table.reservations[0].status).toBe('preparation');
  });

  it('a line of another order, or an order of another venue: 404, nothing changed', async () => {
    const [other] = await order(v, [cartLine(v.menu.birra, 1)], v.otherTableId);
    await expectRefused(
      v,
      v.tablet,
      calls.dashboardTableModify.path,
      { tableId: v.tableId, reservations: [{ id: other?.id, amount: 2 }] },
      404,
      'NOT_FOUND',
      t.orderLineNotFound,
    );
    await expectRefused(
      v,
      v.strangerTablet,
      calls.dashboardTableModify.path,
      { tableId: v.tableId, reservations: [{ id: line(0).id, amount: 2 }] },
      404,
      'NOT_FOUND',
      t.noOpenOrder,
    );
  });
});

describe('discount (sconto)', () => {
  // Subtotal: 2 x 10,00 + 3 x 4,50 = 33,50 €.
  const modify = (sconto: number, reservations: unknown[] = []) =>
    v.tablet.send(calls.dashboardTableModify.path, { tableId: v.tableId, reservations, sconto });

  it('whole cents, strictly below the subtotal the server computes; the order row carries it', async () => {
    const since = await version(v);
    const res = await modify(3300);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().table.sconto).toBe(3300);
    const log = await logSince(since);
    expect(log.map((c) => [c.entity, c.op])).toEqual([['order', 'put']]);
    expect(entitySchemas.order.parse(log[0]?.data).sconto).toBe(3300);
  });

  it('a typed or percentage discount between the 0,50 € steps is kept to the cent', async () => {
    // 10% of 33,50 € is 3,35 €; a typed 12,34 € too.
    for (const sconto of [335, 1234, 3349]) {
      const res = await modify(sconto);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().table.sconto).toBe(sconto);
    }
  });

  it('equal to the subtotal, beyond, negative or not whole cents: refused, nothing changed', async () => {
    for (const sconto of [3350, 3400, -1, 12.5]) {
      const refused = await expectRefused(
        v,
        v.tablet,
        calls.dashboardTableModify.path,
        { tableId: v.tableId, reservations: [], sconto },
        400,
        'VALIDATION',
      );
      expect(refused.error).toContain(t.invalidDiscount);
      expect(refused.issues).toEqual([{ path: 'sconto', message: t.invalidDiscount }]);
    }
  });

  it('checked against the subtotal after the same call’s edits (deleted lines count 0)', async () => {
    // Birra deleted: subtotal 20,00 €; 25,00 € no longer fits.
    await expectRefused(
      v,
      v.tablet,
      calls.dashboardTableModify.path,
      { tableId: v.tableId, reservations: [{ id: line(1).id, status: 'owner_deleted' }], sconto: 2500 },
      400,
      'VALIDATION',
      t.invalidDiscount,
    );
    expect((await modify(1950, [{ id: line(1).id, status: 'owner_deleted' }])).statusCode).toBe(200);
  });

  it('refused when a card payment exists', async () => {
    await v.app.app.store.db.update(orders).set({ paymentIntentId: 'pi_123' });
    await expectRefused(
      v,
      v.tablet,
      calls.dashboardTableModify.path,
      { tableId: v.tableId, reservations: [], sconto: 500 },
      409,
      'CONFLICT',
      t.discountNotAvailable,
    );
  });
});
