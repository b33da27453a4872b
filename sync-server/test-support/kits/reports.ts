import type { KitchenArea } from '@comanda/shared-schema';
import type { Db } from '../../src/db/client.ts';
import { orderHistory, orderHistoryLines } from '../../src/db/schema.ts';
import { randomId } from '../../src/lib/ids.ts';

/**
 * Test helpers of the reports (imported by their tests and the bench only): completed orders
 * written straight into the history, as `store/history.ts` writes them when a table or a
 * delivery is completed: the line total is 0 for an owner_deleted line, and the order's
 * totaleOrdine leaves those lines out.
 */
export interface SeedLine {
  dishId: string | null;
  name: string;
  categoryId: string | null;
  categoryName: string;
  area: KitchenArea;
  price: number;
  amount: number;
  deleted?: boolean;
}

export interface SeedOrder {
  venueId: string;
  kind: 'table' | 'consegna' | 'ritiro';
  paymentMethod?: 'cassa' | 'carta';
  /** ISO instants with their offset. */
  openedAt: string;
  completedAt: string;
  serviceDate: string;
  sconto?: number;
  costoConsegna?: number;
  serviceFee?: number;
  lines: SeedLine[];
}

/** Writes one completed order and its lines; answers its totalePagato. */
export async function seedHistory(db: Db, seed: SeedOrder): Promise<number> {
  const id = randomId();
  const completedAt = Date.parse(seed.completedAt);
  const totaleOrdine = seed.lines.reduce((sum, l) => sum + (l.deleted ? 0 : l.price * l.amount), 0);
  const costoConsegna = seed.costoConsegna ?? 0;
  const serviceFee = seed.serviceFee ?? 0;
  const sconto = seed.sconto ?? 0;
  const totalePagato = totaleOrdine + costoConsegna + serviceFee - sconto;
  await db.insert(orderHistory).values({
    id,
    venueId: seed.venueId,
    orderId: randomId(),
    kind: seed.kind,
    paymentMethod: seed.paymentMethod ?? 'cassa',
    totaleOrdine,
    costoConsegna,
    serviceFee,
    sconto,
    totalePagato,
    snapshot: {},
    openedAt: Date.parse(seed.openedAt),
    completedAt,
    serviceDate: seed.serviceDate,
  });
  if (seed.lines.length > 0) {
    await db.insert(orderHistoryLines).values(
      seed.lines.map((l) => ({
        id: randomId(),
        historyId: id,
        venueId: seed.venueId,
        completedAt,
        serviceDate: seed.serviceDate,
        dishId: l.dishId,
        name: l.name,
        categoryId: l.categoryId,
        categoryName: l.categoryName,
        area: l.area,
        price: l.price,
        amount: l.amount,
        total: l.deleted ? 0 : l.price * l.amount,
        status: l.deleted ? ('owner_deleted' as const) : ('completed' as const),
      })),
    );
  }
  return totalePagato;
}
