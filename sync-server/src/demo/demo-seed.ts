import { randomBytes } from 'node:crypto';
import { DELIVERY_CITIES } from '@comanda/shared-schema';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { randomId } from '../lib/ids.ts';
import { insertAccount } from '../store/accounts.ts';
import type { DataStore } from '../store/data-store.ts';
import {
  anyVenue,
  firstTableId,
  insertVariant,
  insertVariantOption,
  venueOfAccountEmail,
} from '../store/demo-venue.ts';
import { insertCategory, insertDish } from '../store/menu.ts';
import { insertRoom, insertTable } from '../store/rooms.ts';
import { insertVenue } from '../store/venue.ts';
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
  venueId: string;
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
  const venueId = await venueOfAccountEmail(db, DEMO_EMAIL);
  if (venueId === undefined) return null;
  return {
    created: false,
    email: DEMO_EMAIL,
    password: null,
    venueId,
    tableId: (await firstTableId(db, venueId)) ?? '',
  };
}

/** The demo's rooms, tables and menu, in the seeding transaction; table 1's id. */
async function seedVenue(db: Db, venueId: string, now: number): Promise<string> {
  let firstTable = '';
  for (const [position, room] of LAYOUT.entries()) {
    const roomId = randomId();
    await insertRoom(db, { id: roomId, venueId, name: room.room, position, createdAt: now });
    for (const t of room.tables) {
      const id = randomId();
      if (t.number === 1) firstTable = id;
      await insertTable(db, { id, venueId, roomId, number: t.number, x: t.x, y: t.y, createdAt: now });
    }
  }
  for (const [position, category] of demoMenu.entries()) {
    const categoryId = randomId();
    await insertCategory(db, {
      id: categoryId,
      venueId,
      name: category.name,
      position,
      area: category.area,
    });
    for (const dish of category.dishes) {
      const dishId = randomId();
      await insertDish(db, {
        id: dishId,
        venueId,
        categoryId,
        name: dish.name,
        price: dish.price,
        description: dish.description,
        // The column's default, given because the menu's dish write takes the whole row.
        available: true,
      });
      for (const [vPosition, variant] of (dish.variants ?? []).entries()) {
        const variantId = randomId();
        await insertVariant(db, {
          id: variantId,
          dishId,
          name: variant.name,
          multi: variant.multi,
          position: vPosition,
        });
        for (const option of variant.options) {
          await insertVariantOption(db, {
            id: randomId(),
            variantId,
            label: option.label,
            price: option.price ?? 0,
          });
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
  const venueId = randomId();
  // An account write: two instances starting together on an empty database both get here; the
  // one that loses the race on the demo owner's e-mail runs again and finds the winner's venue.
  return port.writeAccount(async (db): Promise<DemoInfo> => {
    // Re-checked inside the transaction: two processes starting together seed once.
    const again = await existingDemo(db);
    if (again) return again;
    const now = clock.nowMs();
    await insertAccount(db, {
      id: ownerId,
      email: DEMO_EMAIL,
      passwordHash,
      firstName: 'Gestore',
      lastName: 'Demo',
      role: 'owner',
      emailConfirmed: true,
      createdAt: now,
    });
    await insertVenue(db, {
      id: venueId,
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
    const tableId = await seedVenue(db, venueId, now);
    return { created: true, email: DEMO_EMAIL, password: plain, venueId, tableId };
  });
}
