import { randomBytes } from 'node:crypto';
import { DELIVERY_CITIES } from '@comanda/shared-schema';
import { asc, eq } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import { type Db, first } from '../db/client.ts';
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

async function existingDemo(db: Db): Promise<DemoInfo | null> {
  const row = await first(
    db
      .select({ businessId: businesses.id })
      .from(users)
      .innerJoin(businesses, eq(businesses.ownerUserId, users.id))
      .where(eq(users.email, DEMO_EMAIL))
      .limit(1),
  );
  if (!row) return null;
  const table = await first(
    db
      .select({ id: diningTables.id })
      .from(diningTables)
      .where(eq(diningTables.businessId, row.businessId))
      .orderBy(asc(diningTables.number))
      .limit(1),
  );
  return {
    created: false,
    email: DEMO_EMAIL,
    password: null,
    businessId: row.businessId,
    tableId: table?.id ?? '',
  };
}

/** Whether any venue exists (the demo is seeded on an empty database only). */
async function anyVenue(db: Db): Promise<boolean> {
  return (await first(db.select({ id: businesses.id }).from(businesses).limit(1))) !== undefined;
}

/** The demo's rooms, tables and menu, in the seeding transaction; table 1's id. */
async function seedVenue(db: Db, businessId: string, now: number): Promise<string> {
  let firstTable = '';
  for (const [position, room] of LAYOUT.entries()) {
    const roomId = randomId();
    await db.insert(rooms).values({ id: roomId, businessId, name: room.room, position, createdAt: now });
    for (const t of room.tables) {
      const id = randomId();
      if (t.number === 1) firstTable = id;
      await db
        .insert(diningTables)
        .values({ id, businessId, roomId, number: t.number, x: t.x, y: t.y, createdAt: now });
    }
  }
  for (const [position, category] of demoMenu.entries()) {
    const categoryId = randomId();
    await db
      .insert(categories)
      .values({ id: categoryId, businessId, name: category.name, position, area: category.area });
    for (const dish of category.dishes) {
      const dishId = randomId();
      await db.insert(dishes).values({
        id: dishId,
        businessId,
        categoryId,
        name: dish.name,
        price: dish.price,
        description: dish.description,
      });
      for (const [vPosition, variant] of (dish.variants ?? []).entries()) {
        const variantId = randomId();
        await db
          .insert(variants)
          .values({ id: variantId, dishId, name: variant.name, multi: variant.multi, position: vPosition });
        for (const option of variant.options) {
          await db
            .insert(variantOptions)
            .values({ id: randomId(), variantId, label: option.label, price: option.price ?? 0 });
        }
      }
    }
  }
  return firstTable;
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
  const { port } = store;
  const before = await port.read(async (db) => {
    const demo = await existingDemo(db);
    return { demo, otherVenues: demo === null && (await anyVenue(db)) };
  });
  if (before.demo) return before.demo;
  if (before.otherVenues) return null;

  const plain = password ?? randomBytes(9).toString('base64url');
  const passwordHash = await hash(plain);
  const ownerId = randomId();
  const businessId = randomId();
  return port.writeVenue(businessId, async (db): Promise<DemoInfo> => {
    // Re-checked inside the transaction: two processes starting together seed once.
    const again = await existingDemo(db);
    if (again) return again;
    const now = clock.nowMs();
    await db.insert(users).values({
      id: ownerId,
      email: DEMO_EMAIL,
      passwordHash,
      firstName: 'Gestore',
      lastName: 'Demo',
      role: 'owner',
      emailConfirmed: true,
      createdAt: now,
    });
    await db.insert(businesses).values({
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
    });
    const tableId = await seedVenue(db, businessId, now);
    return { created: true, email: DEMO_EMAIL, password: plain, businessId, tableId };
  });
}
