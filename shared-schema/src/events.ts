import { z } from 'zod';
import { DeliveryProgressStatus } from './api/delivery.ts';
import { Id } from './contract.ts';
import { ChatMessage, PRINT_TYPES, TableOrder } from './entities.ts';
import { ErrorCode } from './envelope.ts';
import { ClientGeneratedId, Flag, Instant } from './fields.ts';

/**
 * Live events (spec section 7 "Live events"). Every websocket frame is JSON
 * `{event, data, version?}`; `version` is the business version after the change that caused it,
 * so a client that sees a gap catches up through /api/sync/changes.
 *
 * `serverEvents`: what the server sends (the spec's "received" list).
 * `clientEvents`: what a client sends (the spec's "sent" list).
 * A typo in an event name fails the typecheck because both sides use these maps.
 */
export const serverEvents = {
  /** Sent on open: the id a client puts in calls as `socketId` so it is not echoed. */
  connect: z.object({ socketId: z.string() }),
  /** Never sent by the server: the client's own stream emits it when the socket drops. */
  disconnect: z.object({ reason: z.string() }),
  /** Room list or a room's tables changed on another device: reload the tables. */
  updateRoom: z.object({ roomId: Id.optional() }),
  /** A table's status changed on another device. */
  switchTableStatus: z.object({ id: Id, status: z.boolean() }),
  /**
   * Added: the venue's menu changed (owner menu edits). To every socket of the venue, customers
   * included, so open menus reload; owners' devices also catch up through the version.
   */
  menuChanged: z.object({}),
  /**
   * Added: the venue's profile changed what customers see (opening hours, closed status and its
   * message): open ordering pages read the closed status again.
   */
  venueChanged: z.object({}),
  enableOrder: z.object({}),
  disableOrder: z.object({}),
  enableChat: z.object({}),
  disableChat: z.object({}),
  /** New lines for a table or a new delivery: `table.reservations` holds the lines just added. */
  order: z.object({ table: TableOrder }),
  /** To a table's customers: its order was completed or removed, clear the erase-order state. */
  eraseOrder: z.object({ tableId: Id }),
  /** Pending deliveries (accettato 0) after a change. */
  updateCountDelivery: z.object({ count: z.number().int().min(0) }),
  /** A dashboard entry changed on the server (line status, print, accept): replace it. */
  updateTable: z.object({ table: TableOrder }),
  /** A delivery's payment status changed (1 = paid). */
  changeStatusPay: z.object({ deliveryId: Id, status: Flag }),
  /** A table's order or a delivery left the dashboard (completed, deleted). */
  removeTable: z.object({ tableId: Id, isDelivery: z.boolean() }),
  /** A customer called the waiter: 'Il Tavolo {n} richiede il cameriere'. */
  calledService: z.object({ tableId: Id, number: z.number().int().min(1) }),
  /**
   * A table call was discarded on another device. Also to the table's customers, with
   * the time, so their phones say the waiter has seen the call.
   */
  discardNotification: z.object({ tableId: Id, answeredAt: Instant.optional() }),
  /** A dashboard entry was edited (table/modify) on another device: replace it. */
  modifyTable: z.object({ table: TableOrder }),
  /** A delivery was rejected or removed (also: a card checkout expired unpaid). */
  removeDelivery: z.object({ deliveryId: Id }),
  /**
   * Added: a customer began paying a delivery or pickup by card (a checkout, spec 4 "Customer
   * order flow"). Owners' devices catch up through the version and show it apart from the orders
   * to decide; it neither rings nor counts. Once paid it arrives as `order`.
   */
  cardCheckout: z.object({ deliveryId: Id }),
  /**
   * Added: to the sockets of the account that placed a delivery or pickup, when the venue accepts
   * or rejects it, so its result screen shows where the order stands (`userDeliveryStatus`).
   */
  deliveryStatus: z.object({ deliveryId: Id, status: DeliveryProgressStatus }),
  /** A chat message for this table (customer) or this venue (owner). Spelled as the spec spells it. */
  recieveMessage: ChatMessage,
  /** The whole conversation: a table's for a customer, every table's for the owner. */
  syncMessages: z.object({ tableId: Id.optional(), messages: z.array(ChatMessage) }),
  /**
   * Added: a table's message was refused (chat off, more than 10 in 10 s, empty...):
   * to that table's phones, with the message's `id` when it had one and the reason in Italian.
   */
  messageRefused: z.object({ tableId: Id, id: Id.optional(), code: ErrorCode, error: z.string() }),
  /** The print bridge wrote an order's bytes to the printer. */
  ORDER_PRINTED_NOTIFICATION: z.object({
    type: z.enum(PRINT_TYPES).optional(),
    tableId: Id.nullable().optional(),
    deliveryId: Id.nullable().optional(),
    jobId: z.string().max(64).optional(),
  }),
} as const;

export const clientEvents = {
  /** `id` (added): the phone's UUID for the message, so a resend after a drop is stored once. */
  sendMessage: z.object({
    ownerId: Id,
    tableId: Id,
    text: z.string().min(1).max(500),
    id: ClientGeneratedId.optional(),
  }),
  discardCalledTable: z.object({ tableId: Id, ownerId: Id }),
  /**
   * Added: a customer's chat page asks for its table's conversation after each
   * (re)connect; the server answers `syncMessages` to the table's sockets.
   */
  joinChat: z.object({ ownerId: Id, tableId: Id }),
} as const;

export type ServerEventName = keyof typeof serverEvents;
export type ClientEventName = keyof typeof clientEvents;
export type ServerEventData<E extends ServerEventName> = z.output<(typeof serverEvents)[E]>;
export type ClientEventData<E extends ClientEventName> = z.output<(typeof clientEvents)[E]>;

export type ServerFrame = {
  [E in ServerEventName]: { event: E; data: ServerEventData<E>; version?: number };
}[ServerEventName];

export type ClientFrame = {
  [E in ClientEventName]: { event: E; data: ClientEventData<E> };
}[ClientEventName];

/** Parse a frame a client sent; throws a ZodError on anything else. */
export const ClientFrameSchema = z.object({
  event: z.string().max(64),
  data: z.unknown(),
});

/** Largest websocket frame accepted from a client, in bytes. */
export const MAX_CLIENT_FRAME_BYTES = 16 * 1024;

/** Server keep-alive: ping every interval; a socket with no pong within it is closed. */
export const LIVE_PING_INTERVAL_MS = 25_000;
