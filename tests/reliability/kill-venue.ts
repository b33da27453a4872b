import { randomUUID } from 'node:crypto';
import { calls, type MenuDish, SYNC_HEADERS, syncCalls } from '@comanda/shared-schema';
import { newSeen, postUntilAnswered, type Seen, sessionCookieOf } from './kill-http.ts';
import { KILL_PASSWORD } from './kill-server.ts';

const DEMO_EMAIL = 'demo@comanda.test';

/** What the loop's clients know of the demo venue once it is set up (no kills yet). */
export interface Venue {
  businessId: string;
  /** The demo's ten tables: customers order on these. */
  tableIds: string[];
  /** Cart lines as the PWA builds them (the dish as the menu sent it, amount, `selected`). */
  dishes: Array<Record<string, unknown>>;
  deliveryCities: string[];
  /** The delivery fee (cents) the summary shows for Consegna. */
  fee: number;
  /** 'Imposta orario' choices at set-up time. */
  selectable: string[];
  slotCapacity: number;
  chatEnabledAtStart: boolean;
}

const quick = () => 50;

async function ok(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  seen: Seen = newSeen(),
): Promise<{ body: unknown; headers: Headers }> {
  const res = await postUntilAnswered(url, body, headers, seen, quick);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res;
}

/** A session of the demo owner (one per tablet). */
export async function ownerSession(base: string): Promise<string> {
  const res = await ok(base + calls.ownerLogin.path, { email: DEMO_EMAIL, password: KILL_PASSWORD });
  return sessionCookieOf(res.headers);
}

/** A guest session, as a phone that scanned a table's QR code gets. */
export async function guestSession(base: string): Promise<string> {
  const res = await ok(base + calls.userLogin.path, { isAnonymus: true });
  return sessionCookieOf(res.headers);
}

/** One dish as a cart line: mandatory single choices take their first option, multi none. */
export function cartLine(dish: MenuDish, amount: number): Record<string, unknown> {
  return {
    ...dish,
    amount,
    variants: dish.variants.map((v) => ({ ...v, selected: v.multi === 0 ? (v.options[0] ?? null) : [] })),
  };
}

/**
 * Reads the demo venue through the API and sets the slot capacity for the loop (one owner
 * mutation of a set-up client id; the tablets' client ids start clean).
 */
export async function prepareVenue(base: string, ownerCookie: string, slotCapacity: number): Promise<Venue> {
  const snapshot = await fetch(base + syncCalls.snapshot.path, { headers: { cookie: ownerCookie } });
  const { rows } = (await snapshot.json()) as {
    rows: Array<{ entity: string; entityId: string; data: unknown }>;
  };
  const business = rows.find((r) => r.entity === 'business');
  const businessId = business?.entityId ?? '';
  const tableIds = rows.filter((r) => r.entity === 'table').map((r) => r.entityId);
  if (!businessId || tableIds.length === 0) throw new Error('the demo venue is missing');

  await ok(
    base + calls.deliverySettingsSet.path,
    { slotCapacity, slotAreaCapacity: {} },
    {
      cookie: ownerCookie,
      [SYNC_HEADERS.clientId]: randomUUID(),
      [SYNC_HEADERS.mutationId]: '1',
    },
  );
  const guest = await guestSession(base);
  const menu = await ok(base + calls.userMenuGet.path, { businessId }, { cookie: guest });
  const dishes = ((menu.body as { data: MenuDish[] }).data ?? []).map((d) => cartLine(d, 1));
  const options = await ok(base + calls.userDeliveryOptions.path, { ownerId: businessId }, { cookie: guest });
  const { result } = options.body as {
    result: {
      costoConsegna: number;
      deliveryCities: string[];
      slots: { selectable: string[] };
      business: { chatEnabled?: number | boolean };
    };
  };
  const chat = await ok(base + calls.ownerChatGet.path, {}, { cookie: ownerCookie });
  return {
    businessId,
    tableIds,
    dishes,
    deliveryCities: result.deliveryCities,
    fee: result.costoConsegna,
    selectable: result.slots.selectable,
    slotCapacity,
    chatEnabledAtStart: Boolean((chat.body as { chatEnabled: number }).chatEnabled),
  };
}
