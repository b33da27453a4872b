import { z } from 'zod';
import { Cents, defineCall, Id, ok } from '../contract.ts';
import {
  Category,
  ClosedStatus,
  DeliveryOption,
  MenuDish,
  OrderCart,
  OwnerBusiness,
  ReservationLine,
  TableOrder,
  Tipo,
} from '../entities.ts';
import { ClientGeneratedId, Flag, HHMM, KitchenArea, Phone, SocketId } from '../fields.ts';
import { t } from '../texts.ts';

/**
 * Spec 7 "Ordering and menu". Customers (and guests, and an owner ordering on a customer's
 * behalf) call these; `access: 'user'` means any signed-in session. The server recomputes every
 * price from its own menu and ignores client totals.
 */

/** Delivery/pickup fields as submitted (spec 3 "On submission they map to tipo, orario, ..."). */
export const DeliveryOrderShape = z.object({
  tipo: Tipo,
  /**
   * The slot chosen with 'Imposta orario' (required then). With 'Prima possibile' it may be sent
   * (the range's start the form showed) but the server assigns the first free slot itself.
   */
  orario: HHMM.optional(),
  /** Added: true when the customer chose 'Prima possibile'. */
  primaPossibile: z.boolean().optional(),
  nome: z.string().trim().min(1, t.requiredField).max(100),
  cognome: z.string().trim().max(100).optional(),
  telefono: Phone.optional(),
  email: z.union([z.email().max(254), z.literal('')]).optional(),
  indirizzo: z.string().trim().max(200).optional(),
  comune: z.string().trim().max(100).optional(),
  noteConsegna: z.string().trim().max(500).optional(),
});

/** Spec 5: for Consegna, address and city are required. */
function requireAddress(
  fields: { tipo: string; indirizzo?: string; comune?: string },
  ctx: z.RefinementCtx,
): void {
  if (fields.tipo !== 'Consegna') return;
  if (!fields.indirizzo) ctx.addIssue({ code: 'custom', path: ['indirizzo'], message: t.requiredField });
  if (!fields.comune) ctx.addIssue({ code: 'custom', path: ['comune'], message: t.requiredField });
}

/** Spec 5: with 'Imposta orario' a time must be chosen. */
function requireTime(fields: { primaPossibile?: boolean; orario?: string }, ctx: z.RefinementCtx): void {
  if (fields.primaPossibile !== true && fields.orario === undefined) {
    ctx.addIssue({ code: 'custom', path: ['orario'], message: t.requiredField });
  }
}

function checkDeliveryFields(
  fields: { tipo: string; indirizzo?: string; comune?: string; primaPossibile?: boolean; orario?: string },
  ctx: z.RefinementCtx,
): void {
  requireAddress(fields, ctx);
  requireTime(fields, ctx);
}

export const DeliveryOrderFields = DeliveryOrderShape.superRefine(checkDeliveryFields);

/**
 * The time picker's slots as the server computed them at `currentTime_db` (shared-schema
 * `computeSlots` minus the full slots): closed when the window has fewer than 3 slots left;
 * `asap` the 'Prima possibile' range or null; `selectable` the 'Imposta orario' choices;
 * `serviceDate` the Rome date the window opened on.
 */
export const DeliverySlots = z.object({
  closed: z.boolean(),
  asap: z.tuple([HHMM, HHMM]).nullable(),
  selectable: z.array(HHMM),
  serviceDate: z.iso.date(),
});
export type DeliverySlots = z.infer<typeof DeliverySlots>;

/** The venue a customer orders from: the spec's ownerId (= businessId). */
/** The calls a table's first visit may ask in one request (`userTableFirst`). */
export const TABLE_FIRST_CALLS = [
  'userAuthenticate',
  'verifyBusinessId',
  'userIsValidTable',
  'userOrderEnabledGet',
  'userClosedStatusGet',
  'userMenuGet',
  'userLogin',
] as const;

/**
 * The table's reads `userTableFirst` asks, with the bodies the app sends them (pwa
 * `prefetch/prefetch-table.ts` keeps its own copy, the page's first script importing nothing of
 * the contract; its test holds the two equal): the four checks and, for the menu screen, the menu.
 */
export function tableFirstReads(
  ownerId: string,
  tableId: string,
  menu: boolean,
): Array<{ call: (typeof TABLE_FIRST_CALLS)[number]; body: Record<string, string> }> {
  return [
    { call: 'verifyBusinessId', body: { businessId: ownerId } },
    { call: 'userIsValidTable', body: { ownerId, tableId } },
    { call: 'userOrderEnabledGet', body: { ownerId } },
    { call: 'userClosedStatusGet', body: { ownerId } },
    ...(menu ? [{ call: 'userMenuGet' as const, body: { businessId: ownerId } }] : []),
  ];
}

/** One call's answer inside `userTableFirst`'s: as that call answers it alone. */
export const TableFirstAnswer = z.object({
  call: z.enum(TABLE_FIRST_CALLS),
  status: z.number().int(),
  body: z.unknown(),
});

const OwnerRef = z.object({ ownerId: Id });

export const orderingCalls = {
  /**
   * Delivery settings and the slots for the time picker. `currentTime_db` is the
   * server's clock: the PWA computes slots with `computeSlots({now: currentTime_db, opening:
   * openConsegna, closing: closeConsegna, taken: reservation.map(r => r.orario), forCustomer})`
   * as time passes, and `slots` is that plan at `currentTime_db`.
   * Body, added: `areas`, the kitchen areas of the cart's lines (a slot full in one area may
   * still take an order without it; absent = every area counts); `isOwner`, the venue's owner
   * entering a phone order (slots from now, not now + 10 minutes; FORBIDDEN for anyone else).
   * Refusal: business_id_error.
   */
  userDeliveryOptions: defineCall({
    method: 'POST',
    path: '/api/user/deliveryOptions',
    access: 'user',
    body: z.object({
      ownerId: Id,
      deliveryOption: DeliveryOption.optional(),
      areas: z.array(KitchenArea).max(3).optional(),
      /**
       * Added: the dishes of the cart. Their kitchen areas join `areas` (the menu a customer
       * reads does not say which area cooks a dish, the server knows).
       */
      dishIds: z.array(Id).max(300).optional(),
      isOwner: z.boolean().optional(),
    }),
    response: ok({
      result: z.object({
        business: OwnerBusiness,
        /**
         * The slots of the current window that are full for this cart (slot capacity reached, in
         * all or in one of `areas`): remove each from the choices. One entry per full slot.
         */
        reservation: z.array(z.object({ orario: HHMM })),
        /** Added: the delivery fee (cents), added only for consegna. */
        costoConsegna: Cents,
        /** Added: the comuni a consegna may go to (the form's Comune choices). */
        deliveryCities: z.array(z.string()),
        /** Added: the plan at currentTime_db (see DeliverySlots). */
        slots: DeliverySlots,
      }),
    }),
  }),
  /**
   * A delivery or pickup order. Send an `Idempotency-Key` header (one per send, reused
   * on retry): a retry answers the stored answer and never stores a second order. Added fields:
   * `deliveryId`, a client UUID (a resend naming an order already stored answers that order);
   * `costoConsegna`, the fee (cents) the summary showed: when sent and not the venue's fee for
   * this tipo (its costoConsegna for Consegna, 0 for Ritiro) the order is refused with
   * FEE_CHANGED, so nobody pays a fee they did not see (absent: the venue's fee applies);
   * `paymentIntentId`, the confirmed card payment (choice carta; until then refused
   * with VALIDATION); absent = cassa. `isOwner`: the venue's owner entering a phone order (no
   * payment choice, no card fee; stored accepted, accettato 1).
   * Checked atomically with the insert, in this order; refused with nothing stored:
   * business_id_error; FORBIDDEN (isOwner, not this venue's owner); DELIVERY_DISABLED
   * (abilitaConsegna 0; customers only: the 'Ops! Il gestore ha appena disabilitato la consegna'
   * dialog); VENUE_CLOSED (closed flag or outside opening hours, and the delivery window with
   * fewer than 3 slots left); CITY_NOT_SERVED (Consegna to a comune not in deliveryCities;
   * issues path 'comune'); FEE_CHANGED; VALIDATION (paymentIntentId); dish_error (a line that
   * does not match the menu); SLOT_TAKEN (the 'Ops! L'orario scelto è già occupato.' dialog:
   * the slot is full for this cart, past, not a slot of the window, or 'Prima possibile' no
   * longer offered). Every name and price comes from the menu. Answer: `deliveryId` and
   * `table`, the stored order with its lines (`orario` = the slot assigned).
   */
  userOrderDelivery: defineCall({
    method: 'POST',
    path: '/api/reservation/user/orderDelivery',
    access: 'user',
    body: DeliveryOrderShape.extend({
      cart: OrderCart,
      ownerId: Id,
      socketId: SocketId,
      isOwner: z.boolean().optional(),
      deliveryId: ClientGeneratedId.optional(),
      costoConsegna: Cents.optional(),
      paymentIntentId: z.string().min(1).max(255).optional(),
    }).superRefine(checkDeliveryFields),
    response: ok({ deliveryId: Id, table: TableOrder }),
  }),
  /**
   * A table order. Answer (not shown by the spec): the table and the lines stored, every name and
   * price from the server's menu. Send an `Idempotency-Key` header (one per send, reused on retry).
   * Refusals, nothing stored: business_id_error, TABLE_INVALID, FORBIDDEN (isOwner without being
   * the venue's owner), ORDER_DISABLED (customers only), VENUE_CLOSED, dish_error, VALIDATION
   * (also a line or the send past its order ceiling), CONFLICT (the table's open order would pass
   * its ceiling: rules/order-ceilings.ts), RATE_LIMITED (a customer's quota per session, table or
   * address; never stored as the answer to its key, the same send may be retried later).
   */
  userOrder: defineCall({
    method: 'POST',
    path: '/api/reservation/user/order',
    access: 'user',
    body: z.object({
      cart: OrderCart,
      tableId: Id,
      ownerId: Id,
      isOwner: z.boolean().optional(),
      socketId: SocketId,
    }),
    response: ok({ tableId: Id, lines: z.array(ReservationLine) }),
  }),
  /**
   * The owner adds lines to an open delivery or pickup order (the menu dialog titled with the
   * delivery form label). Answer (not shown by the spec): the delivery and the lines stored.
   * Every price from the menu (out-of-menu lines allowed, as the owner's). The new lines are
   * accepted when the order is (else they wait with it). Send an `Idempotency-Key` (or the
   * outbox's client and mutation ids). Refusals, nothing stored: FORBIDDEN (ownerId not the
   * owner's venue), NOT_FOUND (not a delivery of this venue), CONFLICT (closed or rejected),
   * dish_error. Slot capacity is not re-checked: the owner decides.
   */
  userOrderRoomCart: defineCall({
    method: 'POST',
    path: '/api/reservation/user/orderRoomCart',
    access: 'owner',
    mutation: true,
    body: z.object({ cart: OrderCart, deliveryId: Id, ownerId: Id.optional(), socketId: SocketId }),
    response: ok({ deliveryId: Id, lines: z.array(ReservationLine) }),
  }),
  /**
   * Ours: a table's first visit in one request, sent by the page's first script (pwa
   * `prefetch/`): the session check, the table's four checks and, for the menu screen, the menu,
   * each answered exactly as its own call answers it (its status and body). When the check finds
   * no valid session, the guest login the app's guard would make follows (its cookie is set on
   * this answer), then the checks and the menu again in the new session. One request instead of
   * six to twelve: a slow phone's main thread spends about 8 ms (4x) on each fetch it starts and
   * as much on each answer, before the menu. Every part counts against its call's own limits.
   */
  userTableFirst: defineCall({
    method: 'POST',
    path: '/api/user/table/first',
    large: true,
    access: 'public',
    body: z.object({ ownerId: Id, tableId: Id, menu: z.boolean() }),
    response: ok({ answers: z.array(TableFirstAnswer) }),
  }),
  /** Does this venue exist (failure: business_id_error)? Answer (not shown): its id and name. */
  verifyBusinessId: defineCall({
    method: 'POST',
    path: '/api/reservation/verify/businessId',
    access: 'user',
    body: z.object({ businessId: Id }),
    response: ok({ businessId: Id, name: z.string() }),
  }),
  /** The customer menu: available dishes (data) and, added, the categories in display order. */
  userMenuGet: defineCall({
    method: 'POST',
    path: '/api/menu/user/get',
    large: true,
    access: 'user',
    body: z.object({ businessId: Id }),
    response: ok({ data: z.array(MenuDish), categories: z.array(Category) }),
  }),
  /**
   * The owner's ordering menu. The spec's "data.data" is the client library's answer object: the
   * JSON body is `{success, data: [dishes]}`.
   */
  ownerMenuOrderGet: defineCall({
    method: 'POST',
    path: '/api/menu/owner/order/get',
    large: true,
    access: 'owner',
    body: z.object({ businessId: Id.optional() }),
    response: ok({ data: z.array(MenuDish), categories: z.array(Category) }),
  }),
  /**
   * Lines ordered so far at this table (the customer's history screen). Added: `sconto`, the
   * discount the owner gave the open order (cents, 0 without one), so the table's total there is
   * the one the owner collects.
   */
  userHistoryGet: defineCall({
    method: 'POST',
    path: '/api/history/user/get',
    large: true,
    access: 'user',
    body: z.object({ tableId: Id, ownerId: Id, socketId: SocketId }),
    response: ok({ history: z.array(ReservationLine), sconto: Cents.optional() }),
  }),
  /** Is this a table of this venue (failure: TABLE_INVALID)? Added: its number. */
  userIsValidTable: defineCall({
    method: 'POST',
    path: '/api/user/isValidTable/get',
    access: 'user',
    body: z.object({ ownerId: Id, tableId: Id }),
    response: ok({ number: z.number().int().min(1) }),
  }),
  userOrderEnabledGet: defineCall({
    method: 'POST',
    path: '/api/user/orderEnabled/get',
    access: 'user',
    body: OwnerRef,
    response: ok({ orderEnabled: Flag }),
  }),
  /** The venue owner's version (1, 2, 3). */
  userDataUserGet: defineCall({
    method: 'POST',
    path: '/api/user/dataUser/get',
    access: 'user',
    body: OwnerRef,
    response: ok({ version: z.union([z.literal(1), z.literal(2), z.literal(3)]) }),
  }),
  /**
   * Closed status; added: opening hours for the closed-venue screen. is_closed is 1 when the owner
   * closed the venue or the server's Rome time is outside openingTime-closingTime (past midnight
   * handled), the same rule that refuses an order with VENUE_CLOSED.
   */
  userClosedStatusGet: defineCall({
    method: 'POST',
    path: '/api/user/dataUser/getClosedStatus',
    access: 'user',
    body: OwnerRef,
    response: ok({ ...ClosedStatus.shape, openingTime: HHMM, closingTime: HHMM }),
  }),
  /** Added (spec 2.6 call-waiter bell): a customer at a table calls the waiter. */
  userTableCall: defineCall({
    method: 'POST',
    path: '/api/user/table/call',
    access: 'user',
    body: z.object({ ownerId: Id, tableId: Id }),
    response: ok({}),
  }),
  /** Added: the server's clock, so the PWA computes slots from the venue's now, not the phone's. */
  serverTime: defineCall({
    method: 'GET',
    path: '/api/time',
    access: 'public',
    body: z.object({}),
    response: ok({ now: z.iso.datetime({ offset: true }) }),
  }),
} as const;
