import { randomUUID } from 'node:crypto';
import { calls, type MenuDish, NO_THANKS_LABEL } from '@comanda/shared-schema';
import type { Device } from './kits/rooms.ts';
import { type Owner, post, type TestApp } from './test-app.ts';

/**
 * The menu, prices and forms of two-venues.ts (split out to keep that file short): a venue's
 * every name starts with its marker; A's amounts are multiples of 0,50 €, B's odd cents above
 * 10 €, so neither is ever a sum of the other's.
 */

export interface Prices {
  margherita: number;
  maxi: number;
  capricciosa: number;
  mozzarella: number;
  birra: number;
  patatine: number;
  fee: number;
  outOfMenu: number;
}

export const PRICES: Record<'Alfa' | 'Zeta', Prices> = {
  Alfa: {
    margherita: 600,
    maxi: 400,
    capricciosa: 850,
    mozzarella: 150,
    birra: 450,
    patatine: 300,
    fee: 250,
    outOfMenu: 700,
  },
  Zeta: {
    margherita: 12_377,
    maxi: 3_131,
    capricciosa: 21_793,
    mozzarella: 1_717,
    birra: 9_137,
    patatine: 7_331,
    fee: 1_373,
    outOfMenu: 11_113,
  },
};

/** What building a menu needs of a venue. */
export interface MenuOwner {
  tablet: Device;
  marker: string;
  prices: Prices;
  owner: Owner;
}

export function must(res: { statusCode: number; body: string }, what: string): Record<string, unknown> {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body) as Record<string, unknown>;
}

/** A cart line as the PWA makes it: the dish as received, the amount and the picked option labels. */
export function cartOf(dish: MenuDish, amount: number, picks: string[] = []): Record<string, unknown> {
  return {
    ...dish,
    amount,
    variants: dish.variants.map((v) => {
      const chosen = v.options.filter((o) => picks.includes(o.label));
      return { ...v, selected: v.multi === 1 ? chosen : (chosen[0] ?? null) };
    }),
  };
}

export async function buildMenu(w: MenuOwner, t: TestApp) {
  const send = async (path: string, body: unknown) => must(await w.tablet.send(path, body), path);
  const m = w.marker;
  const category = async (name: string, area: string, id?: string) =>
    String((await send(calls.ownerCategoryAdd.path, { ...(id ? { id } : {}), name: m + name, area })).id);
  const pizze = await category('Pizze', 'cucina', randomUUID());
  const bevande = await category('Bevande', 'bar');
  const fritti = await category('Fritti', 'fritti');
  const empty = await category('Vuota', 'bar', randomUUID());
  const p = w.prices;
  const dish = async (body: Record<string, unknown>) =>
    String((await send(calls.ownerDishAdd.path, body)).id);
  const margherita = await dish({
    id: randomUUID(),
    name: `${m}Margherita`,
    price: p.margherita,
    categoryId: pizze,
    variants: [
      {
        id: randomUUID(),
        name: `${m}Formato`,
        multi: 0,
        position: 0,
        options: [
          { id: randomUUID(), label: `${m}Normale`, price: 0 },
          { id: randomUUID(), label: `${m}Maxi`, price: p.maxi },
        ],
      },
    ],
  });
  const capricciosa = await dish({
    name: `${m}Capricciosa`,
    price: p.capricciosa,
    categoryId: pizze,
    variants: [
      {
        name: `${m}Ingredienti`,
        multi: 1,
        position: 0,
        options: [
          { label: NO_THANKS_LABEL, price: 0 },
          { label: `${m}Funghi`, price: 0 },
          { label: `${m}Mozzarella`, price: p.mozzarella },
        ],
      },
    ],
  });
  const birra = await dish({ name: `${m}Birra`, price: p.birra, categoryId: bevande });
  const patatine = await dish({ name: `${m}Patatine`, price: p.patatine, categoryId: fritti });
  const menu = must(await post(t.app, calls.ownerMenuGet.path, {}, w.owner.cookie), 'menu');
  const byId = (id: string) => (menu.dishes as MenuDish[]).find((d) => d.id === id) as MenuDish;
  return {
    categories: { pizze, bevande, fritti, empty },
    dishes: {
      margherita: byId(margherita),
      capricciosa: byId(capricciosa),
      birra: byId(birra),
      patatine: byId(patatine),
    },
  };
}

/** The delivery form of a venue's customer, `Zeta Zelda` for B. */
export function deliveryForm(
  w: Pick<MenuOwner, 'marker' | 'owner'>,
  tipo: 'Consegna' | 'Ritiro',
  orario: string,
) {
  return {
    tipo,
    orario,
    nome: `${w.marker}Zelda`,
    cognome: `${w.marker}Cognome`,
    telefono: '3331234567',
    email: `${w.marker.trim().toLowerCase()}.cliente@example.it`,
    ...(tipo === 'Consegna'
      ? { indirizzo: `${w.marker}Via Roma 1`, comune: 'Avella', noteConsegna: `${w.marker}citofono` }
      : {}),
    ownerId: w.owner.venueId,
  };
}
