import { randomBytes } from 'node:crypto';
import { DELIVERY_CITIES } from '@comanda/shared-schema';
import { asc, eq } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Store } from '../db/client.ts';
import {
  businesses,
  categories,
  diningTables,
  dishes,
  rooms,
  users,
  variantOptions,
  variants,
} from '../db/schema.ts';
import { randomId } from '../lib/ids.ts';
import type { DataStore } from '../store/sqlite-port.ts';
import { demoMenu } from './demo-menu.ts';

export const DEMO_EMAIL = 'demo@comanda.test';
export const DEMO_VENUE = 'Trattoria Demo';
/** The spec's delivery cities (spec 9), the demo venue's own list (each venue keeps its own). */
export const DEMO_CITIES: string[] = [...DELIVERY_CITIES];

export interface DemoInfo {
  /** True when this start created it (then `password` is the one to print, once). */
  created: boolean;
  email: string;
  password: string | null;
  businessId: string;
  /** Table 1, for the customer link printed at start-up. */
  tableId: string;
}

/** Two rooms, ten tables numbered 1-10, laid out on the 2000-unit canvas. */
const LAYOUT: Array<{ room: string; tables: Array<{ number: number; x: number; y: number }> }> = [
  {
    room: 'Sala interna',
    tables: [1, 2, 3, 4, 5, 6].map((n, i) => ({
      number: n,
      x: 100 + (i % 3) * 200,
      y: 100 + Math.floor(i / 3) * 200,
    })),
  },
  { room: 'Dehors', tables: [7, 8, 9, 10].map((n, i) => ({ number: n, x: 100 + i * 200, y: 100 })) },
];

function existingDemo(store: Store): DemoInfo | null {
  const { db } = store;
  const row = db
    .select({ businessId: businesses.id })
    .from(users)
    .innerJoin(businesses, eq(businesses.ownerUserId, users.id))
    .where(eq(users.email, DEMO_EMAIL))
    .get();
  if (!row) return null;
  const table = db
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(eq(diningTables.businessId, row.businessId))
    .orderBy(asc(diningTables.number))
    .get();
  return {
    created: false,
    email: DEMO_EMAIL,
    password: null,
    businessId: row.businessId,
    tableId: table?.id ?? '',
  };
}

/**
 * COMANDA_DEMO=1: the demo venue, created once on an empty database. Later starts find it and
 * change nothing; a database that already has other venues is left alone (null). `hash` is the
 * accounts' password hash (auth's), handed in by the caller so the demo imports no feature.
 */
export async function seedDemo(
  store: DataStore,
  clock: Clock,
  password: string | undefined,
  hash: (password: string) => Promise<string>,
): Promise<DemoInfo | null> {
  const found = existingDemo(store);
  if (found) return found;
  const { db } = store;
  if (db.select({ id: businesses.id }).from(businesses).limit(1).get()) return null;

  const plain = password ?? randomBytes(9).toString('base64url');
  const passwordHash = await hash(plain);
  const ownerId = randomId();
  const businessId = randomId();
  return store.port.writeVenue(businessId, (): DemoInfo => {
    // Re-checked inside the transaction: two processes starting together seed once.
    const again = existingDemo(store);
    if (again) return again;
    const now = clock.nowMs();
    db.insert(users)
      .values({
        id: ownerId,
        email: DEMO_EMAIL,
        passwordHash,
        firstName: 'Gestore',
        lastName: 'Demo',
        role: 'owner',
        emailConfirmed: true,
        createdAt: now,
      })
      .run();
    db.insert(businesses)
      .values({
        id: businessId,
        ownerUserId: ownerId,
        name: DEMO_VENUE,
        costoConsegna: 250,
        openingTime: '18:00',
        closingTime: '02:00',
        openConsegna: '19:00',
        closeConsegna: '23:30',
        abilitaConsegna: true,
        deliveryCities: DEMO_CITIES,
        slotCapacity: 2,
        createdAt: now,
      })
      .run();
    let firstTable = '';
    LAYOUT.forEach((room, position) => {
      const roomId = randomId();
      db.insert(rooms).values({ id: roomId, businessId, name: room.room, position, createdAt: now }).run();
      for (const t of room.tables) {
        const id = randomId();
        if (t.number === 1) firstTable = id;
        db.insert(diningTables)
          .values({ id, businessId, roomId, number: t.number, x: t.x, y: t.y, createdAt: now })
          .run();
      }
    });
    demoMenu.forEach((category, position) => {
      const categoryId = randomId();
      db.insert(categories)
        .values({ id: categoryId, businessId, name: category.name, position, area: category.area })
        .run();
      for (const dish of category.dishes) {
        const dishId = randomId();
        db.insert(dishes)
          .values({
            id: dishId,
            businessId,
            categoryId,
            name: dish.name,
            price: dish.price,
            description: dish.description,
          })
          .run();
        (dish.variants ?? []).forEach((variant, vPosition) => {
          const variantId = randomId();
          db.insert(variants)
            .values({
              id: variantId,
              dishId,
              name: variant.name,
              multi: variant.multi,
              position: vPosition,
            })
            .run();
          for (const option of variant.options) {
            db.insert(variantOptions)
              .values({ id: randomId(), variantId, label: option.label, price: option.price ?? 0 })
              .run();
          }
        });
      }
    });
    return { created: true, email: DEMO_EMAIL, password: plain, businessId, tableId: firstTable };
  });
}
