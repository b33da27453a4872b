import { randomUUID } from 'node:crypto';
import { type CallDef, calls, SYNC_HEADERS } from '@comanda/shared-schema';
import { switchToGuest } from '../test-app.ts';
import { cartOf, type TwoVenues, type VenueWorld } from '../two-venues.ts';
import { type Attacker, OWNER_CALL_TABLE, type Template, VIA_PUSH, withValue } from './calls.ts';
import { Judge, send, syncHeaders } from './judge.ts';
import { attackerOf } from './matrix.ts';

/**
 * The rest of the HTTP matrix: every owner read with whatever query the attacker passes never
 * shows the victim's data; customers, guests and signed-out callers reach no owner call (and
 * change nothing of either venue); the owner-only powers of the customer calls (`isOwner`,
 * out-of-menu lines) are refused at another venue.
 */

const allCalls = calls as unknown as Record<string, CallDef>;

/** Queries and bodies a curious owner passes to the reads. */
function readVariants(a: Attacker, victim: VenueWorld, template: Template) {
  const base = template.body(a);
  const v = victim.owner.venueId;
  return [
    base,
    { ...base, ownerId: v },
    { ...base, businessId: v },
    { ...base, tableId: victim.tables.t1, deliveryId: victim.deliveries.card, filter: 'cucina' },
    { ...base, since: 0, limit: 500, from: '2025-01-01', to: '2025-12-31' },
  ];
}

/** Every owner read, every variant: no victim data in any answer, the victim unchanged. */
export async function runReads(world: TwoVenues, attacker: VenueWorld, victim: VenueWorld, seed: number) {
  const judge = await Judge.open(world, victim, seed);
  const a = await attackerOf(world, attacker);
  const cookie = attacker.owner.cookie;
  for (const [name, row] of Object.entries(OWNER_CALL_TABLE)) {
    const def = allCalls[name] as CallDef;
    if (row === VIA_PUSH || def.mutation) continue;
    for (const template of row) {
      for (const body of readVariants(a, victim, template)) {
        judge.answer(
          `read ${name} ${JSON.stringify(body).slice(0, 120)}`,
          await send(world.t, def, body, cookie),
          'any',
        );
      }
    }
    await judge.unchanged(`read ${name}`);
  }
  // The customer reads an owner also uses: the venue-wide chat is the owner's own venue only.
  const chat = await send(world.t, calls.chatMessagesGet, { ownerId: victim.owner.venueId }, cookie);
  judge.answer("chat/messages/get of B's venue", chat, [404]);
  const mine = await send(world.t, calls.chatMessagesGet, { ownerId: attacker.owner.venueId }, cookie);
  judge.answer('chat/messages/get of the own venue', mine, [200]);
  return judge;
}

/**
 * Customers, guests (one of them an owner switched into the customer flow, spec 1) and
 * signed-out callers on every owner call (bodies naming either venue, with and without the sync
 * headers, and through the push): 403 / 401, and neither venue changes.
 */
export async function runRoles(world: TwoVenues, seed: number) {
  const { a: alfa, b: zeta } = world;
  // Alfa's owner switched into the customer flow (spec 1): a guest, whatever session it returns to.
  const switched = await switchToGuest(world.t, alfa.owner.cookie);
  const judges: [Judge, Judge] = [await Judge.open(world, zeta, seed), await Judge.open(world, alfa, seed)];
  const [judge] = judges;
  const attackers = [await attackerOf(world, alfa), await attackerOf(world, zeta)];
  const who = [
    { name: 'customer', cookie: world.customer, status: 403 },
    { name: 'guest', cookie: world.guest, status: 403 },
    { name: "A's owner switched to a guest", cookie: switched, status: 403 },
    { name: 'signed out', cookie: undefined, status: 401 },
  ];
  for (const [name, row] of Object.entries(OWNER_CALL_TABLE)) {
    const def = allCalls[name] as CallDef;
    const bodies: unknown[] =
      row === VIA_PUSH
        ? [{ mutations: [{ mutationId: 1, name: 'roomsAdd', body: { name: 'Sala' } }] }]
        : row.flatMap((template) => attackers.map((at) => template.body(at)));
    for (const body of bodies) {
      for (const w of who) {
        for (const headers of [
          {},
          syncHeaders(randomUUID(), 1),
          { [SYNC_HEADERS.idempotencyKey]: randomUUID() },
        ]) {
          const res = await send(world.t, def, body, w.cookie, headers);
          judge.answer(`${w.name} on ${name}`, res, [w.status]);
        }
      }
    }
    for (const j of judges) await j.unchanged(`non-owners on ${name}`);
  }
  return judges;
}

/** The owner-only powers of the customer calls, used at another venue: refused, nothing stored. */
export async function runOwnerPowers(
  world: TwoVenues,
  attacker: VenueWorld,
  victim: VenueWorld,
  seed: number,
) {
  const judge = await Judge.open(world, victim, seed);
  const cookie = attacker.owner.cookie;
  const v = victim.owner.venueId;
  const outOfMenu = {
    id: null,
    name: `${attacker.marker}Fuori`,
    price: 1,
    amount: 1,
    selected_option: 'bar',
    categoryId: 'out_menu',
    categoryName: 'Fuori menu',
  };
  const delivery = {
    tipo: 'Ritiro',
    orario: '21:00',
    nome: `${attacker.marker}Finto`,
    ownerId: v,
    cart: [cartOf(victim.dishes.birra, 1)],
  };
  const key = () => ({ [SYNC_HEADERS.idempotencyKey]: randomUUID() });
  const cases: Array<[string, CallDef, unknown, number[]]> = [
    [
      'order as owner at B',
      calls.userOrder,
      { cart: [cartOf(victim.dishes.birra, 1)], tableId: victim.tables.t1, ownerId: v, isOwner: true },
      [403],
    ],
    [
      'out-of-menu line at B',
      calls.userOrder,
      { cart: [outOfMenu], tableId: victim.tables.t1, ownerId: v },
      [400],
    ],
    [
      'out-of-menu line at B as owner',
      calls.userOrder,
      { cart: [outOfMenu], tableId: victim.tables.t1, ownerId: v, isOwner: true },
      [403],
    ],
    [
      'A table with B venue',
      calls.userOrder,
      { cart: [cartOf(victim.dishes.birra, 1)], tableId: attacker.tables.t1, ownerId: v },
      [404],
    ],
    ['phone order for B', calls.userOrderDelivery, { ...delivery, isOwner: true }, [403]],
    [
      'phone order for B with out-of-menu',
      calls.userOrderDelivery,
      { ...delivery, cart: [outOfMenu] },
      [400],
    ],
    ['delivery options as B owner', calls.userDeliveryOptions, { ownerId: v, isOwner: true }, [403]],
    [
      "B's deliveryId as A's card order",
      calls.createPaymentIntent,
      withValue(
        { ...delivery, ownerId: attacker.owner.venueId, cart: [cartOf(attacker.dishes.birra, 1)] },
        ['deliveryId'],
        victim.deliveries.card,
      ),
      [409],
    ],
    [
      "B's deliveryId as A's order",
      calls.userOrderDelivery,
      {
        ...delivery,
        ownerId: attacker.owner.venueId,
        cart: [cartOf(attacker.dishes.birra, 1)],
        deliveryId: victim.deliveries.card,
      },
      [409],
    ],
    [
      "B's intent at A",
      calls.paymentStatus,
      { ownerId: attacker.owner.venueId, paymentIntentId: victim.paymentIntent },
      [404],
    ],
  ];
  for (const [label, def, body, expect] of cases) {
    judge.answer(label, await send(world.t, def, body, cookie, key()), expect);
    await judge.unchanged(label);
  }
  return judge;
}
