import { DELIVERY_CITIES } from '@comanda/shared-schema';
import fc from 'fast-check';
import type { z } from 'zod';
import { DEMO_EMAIL } from '../../src/demo/demo-seed.ts';
import { FAKE_STRIPE_ACCOUNT } from '../fakes/stripe.ts';
import type { GenContext } from './arbitraries.ts';
import { cartLineOf, SLOTS } from './world-data.ts';
import type { Pools, World } from './world-shape.ts';

/** What `id` names on a route, by its path. */
function idPoolOf(p: Pools, path: string): string[] {
  if (path.includes('/rooms/')) return p.room;
  if (path.includes('/tables/')) return p.table;
  if (path.includes('/category/')) return p.category;
  if (path.includes('/dish/')) return p.dish;
  if (path.includes('/status/set')) return p.line;
  if (path.includes('/restore/set')) return p.user;
  return [...new Set(Object.values(p).flat())];
}

/** Field name -> the world's ids for it; hand-made values for carts, dates, slots and cities. */
export function genContext(w: World, path: string): GenContext {
  const p = w.pools;
  // The venue's own rows weigh more than another venue's, so valid bodies get past "not found".
  const own = w.venueId;
  const ownTables = p.table.filter((id) => id !== w.strangerTableId);
  const byKey: Record<string, string[]> = {
    ownerId: [own, own, own, ...p.venue],
    businessId: [own, own, own, ...p.venue],
    tableId: [...ownTables, ...ownTables, ...p.delivery],
    deliveryId: p.delivery,
    roomId: p.room,
    categoryId: p.category,
    dishIds: p.dish,
    userId: p.user,
    paymentIntentId: p.intent,
    id: idPoolOf(p, path),
    ids: path.includes('/category/') ? p.category : p.line,
    accountIdPayment: [FAKE_STRIPE_ACCOUNT],
    accountId: [FAKE_STRIPE_ACCOUNT],
    stripeAccountId: [FAKE_STRIPE_ACCOUNT],
    comune: [...DELIVERY_CITIES],
    orario: SLOTS,
    mail: [DEMO_EMAIL, 'lucia@example.it'],
    email: [DEMO_EMAIL, 'lucia@example.it'],
  };
  const dishes = w.menu.filter((d) => d.available !== false);
  const cartArb =
    dishes.length > 0
      ? fc
          .array(
            fc.record({
              dish: fc.constantFrom(...dishes),
              amount: fc.integer({ min: 1, max: 5 }),
              pick: fc.boolean(),
            }),
            { minLength: 1, maxLength: 4 },
          )
          .map((lines) => lines.map((l) => cartLineOf(l.dish, l.amount, l.pick)))
      : undefined;
  const day = fc.date({
    min: new Date('2025-06-01T00:00:00Z'),
    max: new Date('2025-08-01T00:00:00Z'),
    noInvalidDate: true,
  });
  const entries = w.entries;
  return {
    idsFor: (key) => (key !== undefined && Object.hasOwn(byKey, key) ? (byKey[key] as string[]) : []),
    special(key: string | undefined, _schema: z.ZodType) {
      if (key === 'cart' && cartArb) return cartArb;
      if (key === 'from' || key === 'to') {
        return fc.option(
          day.map((d) => d.toISOString().slice(0, 10)),
          { nil: undefined, freq: 4 },
        );
      }
      if (key === 'table' && entries.length > 0) return fc.constantFrom(...entries);
      // A delivery naming a payment that is not its own is refused: mostly none.
      if (key === 'paymentIntentId' && path.includes('orderDelivery')) {
        return fc.oneof(
          { weight: 9, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.constantFrom(...(p.intent.length > 0 ? p.intent : ['pi_none'])) },
        );
      }
      if (key === 'costoConsegna' && !path.includes('/profile/')) {
        return fc.option(fc.constant(w.fee), { nil: undefined, freq: 2 });
      }
      return undefined;
    },
  };
}
