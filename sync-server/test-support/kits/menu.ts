import { calls, type MenuDish, NO_THANKS_LABEL } from '@comanda/shared-schema';
import { expect } from 'vitest';
import { post, type TestApp } from '../test-app.ts';
import type { Device } from './rooms.ts';

/**
 * Test helpers of the menu and ordering features (imported by their tests only): a small menu
 * made through the owner's calls, and reads of it.
 */

export interface SeededMenu {
  pizze: string;
  bevande: string;
  /** 6,00 €, mandatory single-choice 'Formato': Normale (0), Maxi (+4,00 €). */
  margherita: MenuDish;
  /** 8,50 €, multi-choice 'Ingredienti': 'no, grazie!', Funghi, Mozzarella extra (+1,50 €). */
  capricciosa: MenuDish;
  /** 4,50 €, bar, no variants. */
  birra: MenuDish;
  /** Switched off: customers cannot order it. */
  esaurito: MenuDish;
}

export async function sendOk(tablet: Device, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await tablet.send(path, body);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res.json();
}

/** The venue's menu as the owner reads it. */
export async function ownerMenu(t: TestApp, cookie: string) {
  const res = await post(t.app, calls.ownerMenuGet.path, {}, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    categories: Array<{ id: string; name: string; position: number; area: string }>;
    dishes: MenuDish[];
  };
}

export async function seedMenu(t: TestApp, tablet: Device, cookie: string): Promise<SeededMenu> {
  const pizze = String(
    (await sendOk(tablet, calls.ownerCategoryAdd.path, { name: 'Pizze', area: 'cucina' })).id,
  );
  const bevande = String(
    (await sendOk(tablet, calls.ownerCategoryAdd.path, { name: 'Bevande', area: 'bar' })).id,
  );
  const add = async (body: Record<string, unknown>) =>
    String((await sendOk(tablet, calls.ownerDishAdd.path, body)).id);
  const margherita = await add({
    name: 'Margherita',
    price: 600,
    categoryId: pizze,
    variants: [
      {
        name: 'Formato',
        multi: 0,
        position: 0,
        options: [
          { label: 'Normale', price: 0 },
          { label: 'Maxi', price: 400 },
        ],
      },
    ],
  });
  const capricciosa = await add({
    name: 'Capricciosa',
    price: 850,
    categoryId: pizze,
    variants: [
      {
        name: 'Ingredienti',
        multi: 1,
        position: 0,
        options: [
          { label: 'Mozzarella extra', price: 150 },
          { label: 'Funghi', price: 0 },
          { label: NO_THANKS_LABEL, price: 0 },
        ],
      },
    ],
  });
  const birra = await add({ name: 'Birra', price: 450, categoryId: bevande });
  const esaurito = await add({ name: 'Esaurito', price: 100, categoryId: bevande, available: false });
  const { dishes } = await ownerMenu(t, cookie);
  const byId = (id: string) => {
    const dish = dishes.find((d) => d.id === id);
    if (!dish) throw new Error(`seeded dish ${id} missing`);
    return dish;
  };
  return {
    pizze,
    bevande,
    margherita: byId(margherita),
    capricciosa: byId(capricciosa),
    birra: byId(birra),
    esaurito: byId(esaurito),
  };
}
