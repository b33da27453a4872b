import { randomUUID } from 'node:crypto';
import type { TableOrder } from '@comanda/shared-schema';
import { cartOf, type IdKind, type VenueWorld } from '../two-venues.ts';

/**
 * The isolation matrix's table: for every owner call of shared-schema `calls` (the test checks the
 * table names each one), valid bodies made of the attacker's own ids, and the id-typed fields
 * ("slots") the matrix fills with the victim's ids. A slot's `mode`:
 * - default: the call must refuse (403/404/409, or 400) whatever victim id the slot holds;
 * - 'create': a new entity's client id: a victim id of that kind must be refused as taken, one of
 *   another kind may be accepted as a fresh id of the attacker's (no table shares it);
 * - 'ignore': the call may ignore it (documented: it reads the session's venue) and succeed on the
 *   attacker's data.
 * Whatever the mode, the victim's rows never change and its data never appears in an answer.
 */
export interface Slot {
  at: ReadonlyArray<string | number>;
  kinds: readonly IdKind[];
  mode?: 'create' | 'ignore';
}

export interface Attacker {
  w: VenueWorld;
  /** The attacker's table 1 as its order view shows it (the history body). */
  t1Entry: TableOrder;
}

export interface Template {
  /** A valid body (or GET query) on the attacker's own data. */
  body(a: Attacker): Record<string, unknown>;
  slots: readonly Slot[];
}

/** `push` carries every other mutation: the matrix sends each mutation case through it too. */
export const VIA_PUSH = 'push';

const ENTRY: readonly IdKind[] = ['table', 'delivery'];
const entryKey = (): Slot[] => [{ at: ['tableId'], kinds: ENTRY }];
const none = (body: Template['body'] = () => ({})): Template[] => [{ body, slots: [] }];
const one = (body: Template['body'], ...slots: Slot[]): Template[] => [{ body, slots }];

const printer: Template[] = [
  { body: ({ w }) => ({ tableId: w.tables.t1, filter: 'tutto' }), slots: entryKey() },
  {
    body: ({ w }) => ({ deliveryId: w.deliveries.accepted, filter: 'cucina' }),
    slots: [{ at: ['deliveryId'], kinds: ['delivery', 'table'] }],
  },
];

const REPORT_RANGE = { from: '2025-07-01', to: '2025-07-31' };

export const OWNER_CALL_TABLE: Record<string, Template[] | typeof VIA_PUSH> = {
  snapshot: none(),
  changes: none(() => ({ since: 0, limit: 500 })),
  push: VIA_PUSH,
  userOrderRoomCart: one(
    ({ w }) => ({
      cart: [cartOf(w.dishes.margherita, 1, [`${w.marker}Maxi`])],
      deliveryId: w.deliveries.accepted,
      ownerId: w.owner.venueId,
    }),
    { at: ['deliveryId'], kinds: ['delivery'] },
    { at: ['ownerId'], kinds: ['venue'] },
    { at: ['cart', 0, 'id'], kinds: ['dish'] },
    { at: ['cart', 0, 'variants', 0, 'id'], kinds: ['variant'] },
    { at: ['cart', 0, 'variants', 0, 'selected', 'id'], kinds: ['option'] },
  ),
  ownerMenuOrderGet: one(({ w }) => ({ businessId: w.owner.venueId }), {
    at: ['businessId'],
    kinds: ['venue'],
  }),
  refundStripe: one(
    ({ w }) => ({
      paymentIntentId: w.paymentIntent,
      accountIdPayment: w.stripeAccount,
      deliveryId: w.deliveries.card,
    }),
    { at: ['paymentIntentId'], kinds: ['paymentIntent'] },
    { at: ['deliveryId'], kinds: ['delivery'] },
    { at: ['accountIdPayment'], kinds: ['stripeAccount'] },
  ),
  stripeAccountGet: none(),
  stripeAccountSet: one(({ w }) => ({ stripeAccountId: w.stripeAccount }), {
    at: ['stripeAccountId'],
    kinds: ['stripeAccount'],
  }),
  ownerChatGet: one(({ w }) => ({ ownerId: w.owner.venueId }), {
    at: ['ownerId'],
    kinds: ['venue'],
    mode: 'ignore',
  }),
  ownerChatToggle: none(),
  ownerChatSend: one(
    ({ w }) => ({ id: randomUUID(), tableId: w.tables.t1, text: `${w.marker}risposta` }),
    { at: ['tableId'], kinds: ['table'] },
    { at: ['id'], kinds: ['chat'], mode: 'create' },
  ),
  dashboardGet: none(() => ({ filter: 'tutto' })),
  dashboardTableGet: one(({ w }) => ({ tableId: w.tables.t1, filter: 'tutto' }), ...entryKey()),
  dashboardTableModify: one(
    ({ w }) => ({ tableId: w.tables.t1, reservations: [{ id: w.lines.t1[1]?.id, amount: 2 }] }),
    ...entryKey(),
    { at: ['reservations', 0, 'id'], kinds: ['line'] },
  ),
  dashboardTableOutOfMenuAdd: one(
    ({ w }) => ({
      tableId: w.tables.t1,
      id: randomUUID(),
      line: { name: `${w.marker}extra`, price: 100, selected_option: 'bar' },
    }),
    ...entryKey(),
    { at: ['id'], kinds: ['line'], mode: 'create' },
  ),
  dashboardTableDelete: [
    { body: ({ w }) => ({ isDelivery: false, tableId: w.tables.t2 }), slots: entryKey() },
    { body: ({ w }) => ({ isDelivery: true, tableId: w.deliveries.owner }), slots: entryKey() },
  ],
  dashboardTablePrint: one(
    ({ w }) => ({ tableId: w.tables.t1, selected_option: 'tutto', ids: [w.lines.t1[2]?.id] }),
    ...entryKey(),
    { at: ['ids', 0], kinds: ['line'], mode: 'ignore' },
  ),
  dashboardStatusSet: one(({ w }) => ({ id: w.lines.t1[1]?.id, status: 'completed' }), {
    at: ['id'],
    kinds: ['line'],
  }),
  dashboardTableHistory: [
    // The body tablets send: the order's id and the version seen.
    { body: ({ t1Entry }) => ({ id: t1Entry.id }), slots: [{ at: ['id'], kinds: ['order', 'delivery'] }] },
    // The spec's old body, still accepted from a queued outbox.
    ...one(
      ({ t1Entry }) => ({ table: t1Entry, totaleOrdine: 0, costoConsegna: 0, totalePagato: 0 }),
      { at: ['table', 'id'], kinds: ['order', 'delivery'] },
      { at: ['table', 'tableId'], kinds: ['table'] },
      { at: ['table', 'deliveryId'], kinds: ['delivery'] },
      { at: ['table', 'businessId'], kinds: ['venue'] },
    ),
  ],
  dashboardCallDiscard: one(({ w }) => ({ tableId: w.tables.t1 }), { at: ['tableId'], kinds: ['table'] }),
  deliveryCount: none(),
  deliveryAccept: one(({ w }) => ({ deliveryId: w.deliveries.pending }), {
    at: ['deliveryId'],
    kinds: ['delivery'],
  }),
  deliveryReject: one(({ w }) => ({ deliveryId: w.deliveries.pending }), {
    at: ['deliveryId'],
    kinds: ['delivery'],
  }),
  deliveryChangeStatusPay: one(({ w }) => ({ deliveryId: w.deliveries.pending, status: 1 }), {
    at: ['deliveryId'],
    kinds: ['delivery'],
  }),
  deliveryBlockSender: one(({ w }) => ({ deliveryId: w.deliveries.pending }), {
    at: ['deliveryId'],
    kinds: ['delivery'],
  }),
  deliveryUnblockSender: one(({ w }) => ({ id: w.blockedSender }), { at: ['id'], kinds: ['blockedSender'] }),
  deliveryBlockedSenders: none(),
  deliverySettingsSet: none(() => ({ slotCapacity: 10 })),
  printerDashTable: printer,
  printerDashDelivery: printer,
  printerTable: printer,
  printerDelivery: printer,
  roomsGet: none(),
  roomsAdd: one(({ w }) => ({ id: randomUUID(), name: `${w.marker}Nuova sala` }), {
    at: ['id'],
    kinds: ['room'],
    mode: 'create',
  }),
  roomsEdit: one(({ w }) => ({ id: w.rooms.spare, name: `${w.marker}Veranda` }), {
    at: ['id'],
    kinds: ['room'],
  }),
  roomsDelete: one(({ w }) => ({ id: w.rooms.spare }), { at: ['id'], kinds: ['room'] }),
  roomTablesGet: one(({ w }) => ({ id: w.rooms.main }), { at: ['id'], kinds: ['room'] }),
  tablesAdd: one(
    ({ w }) => ({ id: randomUUID(), roomId: w.rooms.main, x: 5, y: 5 }),
    { at: ['roomId'], kinds: ['room'] },
    { at: ['id'], kinds: ['table'], mode: 'create' },
  ),
  tablesSetCoords: [
    {
      body: ({ w }) => ({ tableId: w.tables.t4, x: 1, y: 1 }),
      slots: [{ at: ['tableId'], kinds: ['table'] }],
    },
    { body: ({ w }) => ({ id: w.tables.t4, x: 1, y: 1 }), slots: [{ at: ['id'], kinds: ['table'] }] },
    {
      body: ({ w }) => ({ tableId: w.tables.t4, x: 1, y: 1, businessId: w.owner.venueId }),
      slots: [{ at: ['businessId'], kinds: ['venue'] }],
    },
  ],
  tablesSetStatus: one(
    ({ w }) => ({ id: w.tables.t4, status: true, businessId: w.owner.venueId }),
    { at: ['id'], kinds: ['table'] },
    { at: ['businessId'], kinds: ['venue'] },
  ),
  tablesDelete: one(
    ({ w }) => ({ id: w.tables.t4, businessId: w.owner.venueId }),
    { at: ['id'], kinds: ['table'] },
    { at: ['businessId'], kinds: ['venue'] },
  ),
  ownerOrderEnabledGet: none(),
  ownerOrderToggle: none(),
  ownerMenuGet: none(),
  ownerCategoryAdd: one(({ w }) => ({ id: randomUUID(), name: `${w.marker}Nuova`, area: 'bar' }), {
    at: ['id'],
    kinds: ['category'],
    mode: 'create',
  }),
  ownerCategoryEdit: one(({ w }) => ({ id: w.categories.empty, name: `${w.marker}Vuota 2` }), {
    at: ['id'],
    kinds: ['category'],
  }),
  ownerCategoryReorder: one(
    ({ w }) => ({ ids: [w.categories.bevande, w.categories.pizze] }),
    { at: ['ids', 0], kinds: ['category'] },
    { at: ['ids', 1], kinds: ['category'] },
  ),
  ownerCategoryDelete: one(({ w }) => ({ id: w.categories.empty }), { at: ['id'], kinds: ['category'] }),
  ownerDishAdd: one(
    ({ w }) => ({
      id: randomUUID(),
      name: `${w.marker}Nuovo piatto`,
      price: 100,
      categoryId: w.categories.pizze,
      variants: [
        {
          id: randomUUID(),
          name: `${w.marker}Scelta`,
          multi: 1,
          position: 0,
          options: [{ id: randomUUID(), label: `${w.marker}Opzione`, price: 50 }],
        },
      ],
    }),
    { at: ['categoryId'], kinds: ['category'] },
    { at: ['id'], kinds: ['dish'], mode: 'create' },
    { at: ['variants', 0, 'id'], kinds: ['variant'], mode: 'create' },
    { at: ['variants', 0, 'options', 0, 'id'], kinds: ['option'], mode: 'create' },
  ),
  ownerDishEdit: [
    { body: ({ w }) => ({ id: w.dishes.birra.id, price: 450 }), slots: [{ at: ['id'], kinds: ['dish'] }] },
    {
      body: ({ w }) => ({ id: w.dishes.birra.id, categoryId: w.categories.bevande }),
      slots: [{ at: ['categoryId'], kinds: ['category'] }],
    },
    {
      body: ({ w }) => ({
        id: w.dishes.margherita.id,
        variants: w.dishes.margherita.variants.map(({ selected: _s, ...v }) => v),
      }),
      slots: [
        { at: ['variants', 0, 'id'], kinds: ['variant'], mode: 'create' },
        { at: ['variants', 0, 'options', 0, 'id'], kinds: ['option'], mode: 'create' },
      ],
    },
  ],
  ownerDishDelete: one(({ w }) => ({ id: w.dishes.birra.id }), { at: ['id'], kinds: ['dish'] }),
  ownerProfileGet: none(),
  ownerProfileSet: none(({ w }) => ({ name: `${w.marker}Trattoria` })),
  // No id in the body: the version set is the session venue's owner's own.
  ownerVersionSet: none(() => ({ version: 3 })),
  reportOwnerGet: none(() => ({ ...REPORT_RANGE })),
  reportOwnerCsv: none(() => ({ ...REPORT_RANGE })),
};

/** A deep copy of `body` with `value` at `at`. */
export function withValue(body: unknown, at: ReadonlyArray<string | number>, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  at.forEach((key, i) => {
    if (i === at.length - 1) node[key] = value;
    else node = node[key] as Record<string | number, unknown>;
  });
  return copy;
}
