import { calls, type ReportAnswer } from '@comanda/shared-schema';
import { and, between, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedHistory } from '../../test-support/kits/reports.ts';
import { DROP_ROLLUP_SQL, reportFromHistory, reportRollupSql } from '../../test-support/report-oracle.ts';
import { createOwner, createTestApp, type Owner, post, type TestApp } from '../../test-support/test-app.ts';
import { first } from '../db/client.ts';
import { orderHistory } from '../db/schema.ts';

/**
 * The daily rollup (queries.ts, migration 0005) answers exactly what the raw history answers (the oracle,
 * test-support/report-oracle.ts): filled from the history when created, kept by its triggers for
 * what is completed (or deleted) afterwards.
 */

let app: TestApp;
let owners: Owner[];

/** Deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `n` varied orders from 2025-03-20 over 60 days (the March clock change inside). */
async function seedMany(owner: Owner, n: number, seed: number): Promise<void> {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  for (let i = 0; i < n; i++) {
    const day = Math.floor(random() * 60);
    const date = new Date(Date.parse('2025-03-20T00:00:00Z') + day * 86_400_000).toISOString().slice(0, 10);
    const opened = Date.parse(`${date}T16:00:00Z`) + Math.floor(random() * 9 * 3_600_000);
    const kind = pick(['table', 'consegna', 'ritiro'] as const);
    const lines = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
      const dish = Math.floor(random() * 8);
      const out = random() < 0.1;
      return {
        dishId: out ? null : `dish-${dish}`,
        // Dish 3 was renamed at some point: the latest name wins on both paths.
        name: out
          ? pick(['Torta', 'Vino sfuso'])
          : dish === 3 && random() < 0.5
            ? 'Nuovo nome'
            : `Piatto ${dish}`,
        categoryId: out ? 'out_menu' : dish === 7 ? null : `cat-${dish % 3}`,
        categoryName: out ? 'Fuori menu' : `Categoria ${dish % 3}`,
        area: pick(['cucina', 'bar', 'fritti'] as const),
        price: 100 + dish * 150,
        amount: 1 + Math.floor(random() * 3),
        deleted: random() < 0.1,
      };
    });
    await seedHistory(app.app.store.db, {
      venueId: owner.venueId,
      kind,
      paymentMethod: kind !== 'table' && random() < 0.5 ? 'carta' : 'cassa',
      openedAt: new Date(opened).toISOString(),
      completedAt: new Date(opened + 3_600_000).toISOString(),
      serviceDate: date,
      sconto: random() < 0.2 ? 50 : 0,
      costoConsegna: kind === 'consegna' ? 250 : 0,
      serviceFee: random() < 0.2 ? 61 : 0,
      lines,
    });
  }
}

const RANGE = { from: '2025-03-25', to: '2025-05-10' };

async function viaEndpoint(owner: Owner): Promise<ReportAnswer> {
  const res = await post(app.app, calls.reportOwnerGet.path, RANGE, owner.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReportAnswer;
}

function viaRawHistory(owner: Owner, today: string): Promise<ReportAnswer> {
  return app.app.store.port.read((db) => reportFromHistory(db, owner.venueId, RANGE, today));
}

beforeAll(async () => {
  app = await createTestApp({ env: { COMANDA_FAKE_NOW: '2025-07-15T20:00:00+02:00' } });
  owners = [await createOwner(app), await createOwner(app)];
  await seedMany(owners[0] as Owner, 400, 1);
  await seedMany(owners[1] as Owner, 100, 2);
});
afterAll(async () => {
  await app.close();
});

describe('the daily rollup', () => {
  it('is filled from the history when created, and answers the same figures', async () => {
    const [a, b] = owners as [Owner, Owner];
    // Migration 0005 made the rollup; measure the raw history without it, then make it again.
    const { today } = await viaEndpoint(a);
    app.app.store.sqlite.exec(DROP_ROLLUP_SQL);
    const before = [await viaRawHistory(a, today), await viaRawHistory(b, today)];
    app.app.store.sqlite.exec(reportRollupSql());
    expect(await viaEndpoint(a)).toEqual(before[0]);
    expect(await viaEndpoint(b)).toEqual(before[1]);
    expect(before[0]?.summary.orders).toBeGreaterThan(250);
  });

  it('follows what is completed and deleted afterwards, through its triggers', async () => {
    const [a, b] = owners as [Owner, Owner];
    await seedMany(a, 150, 3);
    await seedMany(b, 50, 4);
    // Two completed orders inside the range leave the history (their lines go by cascade).
    const removed: number[] = [];
    for (const owner of [a, b]) {
      const row = await first(
        app.app.store.db
          .select({ id: orderHistory.id, totalePagato: orderHistory.totalePagato })
          .from(orderHistory)
          .where(
            and(
              eq(orderHistory.venueId, owner.venueId),
              between(orderHistory.serviceDate, RANGE.from, RANGE.to),
              gt(orderHistory.totaleOrdine, 0),
            ),
          )
          .limit(1),
      );
      const before = await viaEndpoint(owner);
      await app.app.store.db.delete(orderHistory).where(eq(orderHistory.id, row?.id ?? ''));
      const after = await viaEndpoint(owner);
      removed.push(before.summary.revenue - after.summary.revenue);
      expect(after.summary.itemsTotal).toBeLessThan(before.summary.itemsTotal);
      expect(after.dishes.reduce((sum, d) => sum + d.sales, 0)).toBe(after.summary.itemsTotal);
      expect(removed.at(-1)).toBe(row?.totalePagato);
    }
    for (const owner of [a, b]) {
      const rollup = await viaEndpoint(owner);
      expect(rollup).toEqual(await viaRawHistory(owner, rollup.today));
    }
  });
});
