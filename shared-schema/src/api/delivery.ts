import { z } from 'zod';
import { Cents, defineCall, emptyBody, Id, ok } from '../contract.ts';
import { BusinessRow, TableOrder } from '../entities.ts';
import {
  DeliveryCities,
  Flag,
  HHMM,
  Instant,
  SeenVersion,
  SlotAreaCapacity,
  SlotCapacity,
  SocketId,
} from '../fields.ts';
import { t } from '../texts.ts';

/**
 * The owner's delivery settings: only the fields given change. `slotAreaCapacity`
 * replaces the stored one whole (`{}` = no area limits). At least one field.
 */
export const DeliverySettingsBody = z
  .object({
    deliveryCities: DeliveryCities.optional(),
    slotCapacity: SlotCapacity.optional(),
    slotAreaCapacity: SlotAreaCapacity.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((v) => v !== undefined), { message: t.nothingToChange });

/**
 * A sender the owner blocked from the delivery desk (DESIGN.md "Abuse"): their account for good,
 * until unblocked, and the address the order came from for a day. The address itself is not
 * shown: the owner recognises the block by the order's name and phone.
 */
export const BlockedSender = z.object({
  id: Id,
  /** The blocked order's name and phone, as the desk showed them. */
  label: z.string(),
  /** The sender's account is blocked (false: the order named none, only its address counts). */
  account: z.boolean(),
  /** Until when the address is blocked; null when it no longer is (or none was known). */
  addressUntil: Instant.nullable(),
  createdAt: Instant,
});
export type BlockedSender = z.infer<typeof BlockedSender>;

/**
 * Where a customer's delivery or pickup stands (spec 4 "Delivery order"): sent and awaiting the
 * venue's decision (accettato 0), accepted, rejected or removed by the venue, or completed.
 */
export const DeliveryProgressStatus = z.enum(['pending', 'accepted', 'rejected', 'completed']);
export type DeliveryProgressStatus = z.infer<typeof DeliveryProgressStatus>;

/**
 * A customer's own delivery or pickup as its success screen recaps it (spec 2.10 summary, 2.11):
 * the type, the time (`primaPossibile`: the 'Prima possibile' range starting at `orario`), what
 * the customer pays in cents (lines, fee, card fee, less a discount), whether an e-mail address
 * was given (the confirmation goes there), and where it stands.
 */
export const DeliveryProgress = z.object({
  deliveryId: Id,
  status: DeliveryProgressStatus,
  tipo: z.enum(['Consegna', 'Ritiro']),
  orario: HHMM.nullable(),
  primaPossibile: z.boolean(),
  total: Cents,
  hasEmail: z.boolean(),
});
export type DeliveryProgress = z.infer<typeof DeliveryProgress>;

/**
 * Spec 7 "Delivery" (owner). Each decision is an outbox mutation (client and mutation ids) on a
 * delivery or pickup of the owner's venue; another venue's id, or a table order's, is NOT_FOUND,
 * and a refusal changes nothing. Accepting or rejecting twice the same way is a no-op (success,
 * nothing written); the other decision is refused with ALREADY_DECIDED. Every change writes the
 * 'order' (and 'line') change rows and the live events go to the venue's other devices.
 */
export const deliveryCalls = {
  /** Pending deliveries (accettato 0). */
  deliveryCount: defineCall({
    method: 'GET',
    path: '/api/delivery/getCountDelivery',
    access: 'owner',
    body: z.object({}),
    response: ok({ result: z.number().int().min(0) }),
  }),
  /**
   * Every line and the order accettato 1 (live `order` with the whole entry, so dashboards ring,
   * and `updateCountDelivery`); the customer's e-mail (if any) gets the details once committed.
   * Answer (added): `table`, the accepted entry with its lines; the accepting tablet then prints
   * it like an owner's own order (`/api/printer/orderPrinter_R_C` with the deliveryId) unless its
   * printer has failed. ALREADY_DECIDED when it was rejected or removed.
   */
  deliveryAccept: defineCall({
    method: 'POST',
    path: '/api/delivery/deliveryAccept',
    access: 'owner',
    mutation: true,
    body: z.object({ deliveryId: Id, socketId: SocketId }),
    response: ok({ table: TableOrder }),
  }),
  /**
   * Removes a pending delivery ('order' and 'line' delete rows, live `removeDelivery` and
   * `updateCountDelivery`). With a card payment the refund comes first (until then
   * refused with CONFLICT). ALREADY_DECIDED when another tablet accepted it; CONFLICT when lines
   * arrived after `seenVersion`.
   */
  deliveryReject: defineCall({
    method: 'POST',
    path: '/api/delivery/deliveryReject',
    access: 'owner',
    mutation: true,
    body: z.object({ deliveryId: Id, socketId: SocketId, seenVersion: SeenVersion }),
    response: ok({}),
  }),
  /**
   * Added (DESIGN.md "Abuse"): rejects a pending delivery exactly as `deliveryReject` does (refund
   * first, the same refusals), and blocks who sent it: their account until unblocked, the address
   * it came from for 24 hours. From then on their deliveries and pickups at this venue are
   * refused at send time. Blocking an order already rejected blocks without rejecting again.
   * Answers the block (null when the order named neither an account nor an address).
   */
  deliveryBlockSender: defineCall({
    method: 'POST',
    path: '/api/delivery/blockSender',
    access: 'owner',
    mutation: true,
    body: z.object({ deliveryId: Id, socketId: SocketId, seenVersion: SeenVersion }),
    response: ok({ blocked: BlockedSender.nullable() }),
  }),
  /** Added: lifts a block (account and address). Another venue's, or one already lifted: NOT_FOUND. */
  deliveryUnblockSender: defineCall({
    method: 'POST',
    path: '/api/delivery/unblockSender',
    access: 'owner',
    mutation: true,
    body: z.object({ id: Id }),
    response: ok({}),
  }),
  /** Added: the venue's blocks that still block something, newest first. No payload. */
  deliveryBlockedSenders: defineCall({
    method: 'POST',
    path: '/api/delivery/blockedSenders/get',
    access: 'owner',
    body: emptyBody,
    response: ok({ blocked: z.array(BlockedSender) }),
  }),
  /** Payment status of an open delivery: 1 paid, 0 not paid (live `changeStatusPay`). */
  deliveryChangeStatusPay: defineCall({
    method: 'POST',
    path: '/api/delivery/changeStatusPay',
    access: 'owner',
    mutation: true,
    body: z.object({ deliveryId: Id, status: Flag, socketId: SocketId }),
    response: ok({}),
  }),
  /**
   * Added: the venue's delivery cities and slot capacities ('business' change row;
   * devices catch up with the version). Answers the venue as now stored.
   */
  deliverySettingsSet: defineCall({
    method: 'POST',
    path: '/api/owner/delivery/settings',
    access: 'owner',
    mutation: true,
    body: DeliverySettingsBody,
    response: ok({ business: BusinessRow }),
  }),
  /**
   * Added: a customer's own delivery or pickup after sending it, for the result screen (spec
   * 2.11): its recap and whether the venue has accepted it yet (the live `deliveryStatus` says
   * when it changes). Only the account that placed it reads it: another account's order, another
   * venue's, a table order or an unknown id are NOT_FOUND alike.
   */
  userDeliveryStatus: defineCall({
    method: 'POST',
    path: '/api/user/delivery/status',
    access: 'user',
    body: z.object({ ownerId: Id, deliveryId: Id }),
    response: ok({ delivery: DeliveryProgress }),
  }),
} as const;
