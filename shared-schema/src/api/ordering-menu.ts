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
  Tipo,
} from '../entities.ts';
import { ClientGeneratedId, Flag, HHMM, Phone, SocketId } from '../fields.ts';
import { t } from '../texts.ts';

/**
 * Spec 7 "Ordering and menu". Customers (and guests, and an owner ordering on a customer's
 * behalf) call these; `access: 'user'` means any signed-in session. The server recomputes every
 * price from its own menu and ignores client totals.
 */

/** Delivery/pickup fields as submitted (spec 3 "On submission they map to tipo, orario, ..."). */
export const DeliveryOrderShape = z.object({
  tipo: Tipo,
  orario: HHMM,
  /** Added: true when the customer chose 'Prima possibile' (orario is the range's start). */
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

export const DeliveryOrderFields = DeliveryOrderShape.superRefine(requireAddress);

/** The venue a customer orders from: the spec's ownerId (= businessId). */
const OwnerRef = z.object({ ownerId: Id });

export const orderingCalls = {
  /** Delivery settings and the slots already booked (result.reservation), for the time picker. */
  userDeliveryOptions: defineCall({
    method: 'POST',
    path: '/api/user/deliveryOptions',
    access: 'user',
    body: z.object({ ownerId: Id, deliveryOption: DeliveryOption.optional() }),
    response: ok({
      result: z.object({
        business: OwnerBusiness,
        /** Booked slots of today's window: each an order's orario. */
        reservation: z.array(z.object({ orario: HHMM })),
        /** Added: the delivery fee (cents), added only for consegna. */
        costoConsegna: Cents,
      }),
    }),
  }),
  /**
   * A delivery or pickup order. `deliveryId` (added, optional): a client UUID so a resend after a
   * lost answer cannot create a second order. `paymentIntentId`: the card payment already
   * confirmed (choice carta); absent for cassa or an owner ordering for a customer.
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
      paymentIntentId: z.string().min(1).max(255).optional(),
    }).superRefine(requireAddress),
    response: ok({ deliveryId: Id }),
  }),
  /**
   * A table order. Answer (not shown by the spec): the table and the lines stored, every name and
   * price from the server's menu. Send an `Idempotency-Key` header (one per send, reused on retry).
   * Refusals, nothing stored: business_id_error, TABLE_INVALID, FORBIDDEN (isOwner without being
   * the venue's owner), ORDER_DISABLED (customers only), VENUE_CLOSED, dish_error, VALIDATION.
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
   */
  userOrderRoomCart: defineCall({
    method: 'POST',
    path: '/api/reservation/user/orderRoomCart',
    access: 'owner',
    body: z.object({ cart: OrderCart, deliveryId: Id, ownerId: Id.optional(), socketId: SocketId }),
    response: ok({ deliveryId: Id, lines: z.array(ReservationLine) }),
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
    access: 'owner',
    body: z.object({ businessId: Id.optional() }),
    response: ok({ data: z.array(MenuDish), categories: z.array(Category) }),
  }),
  /** Lines ordered so far at this table (the customer's history screen). */
  userHistoryGet: defineCall({
    method: 'POST',
    path: '/api/history/user/get',
    access: 'user',
    body: z.object({ tableId: Id, ownerId: Id, socketId: SocketId }),
    response: ok({ history: z.array(ReservationLine) }),
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
