import { z } from 'zod';
import { OUT_OF_MENU_CATEGORY_ID, OUT_OF_MENU_CATEGORY_NAME } from '../constants.ts';
import { defineCall, Id, ok } from '../contract.ts';
import { LineStatus, ReservationLine, TableOrder } from '../entities.ts';
import {
  ClientGeneratedId,
  KitchenArea,
  KitchenFilter,
  Note,
  OutOfMenuDescription,
  SeenVersion,
  SocketId,
} from '../fields.ts';
import { MAX_CENTS } from '../rules/money.ts';
import { t } from '../texts.ts';

/**
 * Spec 7 "Dashboard" (owner). `tableId` names a dashboard entry: a table's id (its open order),
 * or a delivery's id when the entry is a delivery or pickup order. Mutations go through the sync
 * core. Amounts are integer cents.
 */

const emptyInput = (input: unknown) => input === undefined || input === null || input === '';

/**
 * A unit price the owner sets (order view, out-of-menu line): integer cents, 0 or more (spec 5:
 * never below 0). The owner may change a menu line's price; the server keeps what is sent.
 */
export const OwnerPrice = z
  .number({ error: (issue) => (emptyInput(issue.input) ? t.priceEmpty : t.invalidPrice) })
  .int(t.invalidPrice)
  .min(0, t.invalidPrice)
  .max(MAX_CENTS, t.invalidPrice);

/** An owner-set quantity: 1 to 999 (spec 5: the owner's minus stops at 1). */
export const OwnerAmount = z
  .number({ error: t.invalidAmount })
  .int(t.invalidAmount)
  .min(1, t.invalidAmount)
  .max(999, t.invalidAmount);

/**
 * The discount (spec 5): whole cents, never below 0 (the steppers move it by 0,50 €; a typed
 * amount or a percentage may land between steps). "Never reaching the subtotal" needs the
 * order: the server checks it against the subtotal it computes from its own lines.
 */
export const Discount = z
  .number({ error: t.invalidDiscount })
  .int(t.invalidDiscount)
  .min(0, t.invalidDiscount)
  .max(MAX_CENTS, t.invalidDiscount);

/**
 * One edited line of table/modify. Only the lines named change, and of them only the fields
 * sent (DESIGN.md merge rule): an autosave sends `{id, amount}`, a delete `{id, status}`.
 * `status` here is about deletion only: 'owner_deleted' deletes the line, any other value
 * restores a deleted line to 'preparation' and leaves a live line's status alone (the status
 * cycle belongs to status/set, so a whole line sent back never undoes the kitchen's progress).
 * A client may send whole `ReservationLine`s: the other fields are ignored.
 */
export const ModifiedLine = z.object({
  id: Id,
  amount: OwnerAmount.optional(),
  price: OwnerPrice.optional(),
  status: LineStatus.optional(),
  /** null or '' clears the note. */
  note: Note.nullable().optional(),
});
export type ModifiedLine = z.infer<typeof ModifiedLine>;

/**
 * An out-of-menu line added from the dashboard (spec 3: id null, categoryId 'out_menu',
 * categoryName 'Fuori menu'), with the spec's messages (spec 5, 8). The amount defaults to 1:
 * the dialog asks only description, price and kind.
 */
export const OutOfMenuAddLine = z.object({
  id: z.null().optional(),
  name: z.string({ error: t.describeRequest }).pipe(OutOfMenuDescription),
  price: OwnerPrice,
  amount: OwnerAmount.default(1),
  note: Note.nullable().optional(),
  selected_option: KitchenArea,
  categoryId: z.literal(OUT_OF_MENU_CATEGORY_ID).optional(),
  categoryName: z.literal(OUT_OF_MENU_CATEGORY_NAME).optional(),
});

/** What completing an order charged, recomputed by the server from its own lines. Cents. */
export const HistoryTotals = z.object({
  id: Id,
  totaleOrdine: z.number().int().min(0),
  costoConsegna: z.number().int().min(0),
  serviceFee: z.number().int().min(0),
  sconto: z.number().int().min(0),
  totalePagato: z.number().int().min(0),
});
export type HistoryTotals = z.infer<typeof HistoryTotals>;

/**
 * The completion's body (added): the order's id and the version the tablet had seen, so its size
 * no longer grows with the order (a table's every line used to travel, and 256 KB or an amount
 * past `Cents` made a big table impossible to complete). The spec's body (spec 7: `{table,
 * totaleOrdine, costoConsegna, totalePagato}`) is still accepted, as tablets may have one queued
 * in their outbox: of it only `table.id` (the order) and the keys beside it are read; its lines
 * and totals are never checked nor used, the server computes every total itself.
 */
export const CompletionBody = z
  .object({
    /** The order's id (`TableOrder.id`, an 'order' row's id). */
    id: Id.optional(),
    seenVersion: SeenVersion,
    socketId: SocketId,
    table: z
      .object({
        id: Id,
        tableId: Id.nullable().optional(),
        deliveryId: Id.nullable().optional(),
        businessId: Id.optional(),
      })
      .optional(),
    totaleOrdine: z.number().optional(),
    costoConsegna: z.number().optional(),
    totalePagato: z.number().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.id === undefined && body.table === undefined) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: t.requiredField });
    } else if (body.id !== undefined && body.table !== undefined && body.id !== body.table.id) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: t.completionTwoOrders });
    }
  });
export type CompletionBody = z.input<typeof CompletionBody>;

/** The order a completion names, in either body: `id`, or an old body's `table.id`. */
export function completedOrderId(body: Pick<CompletionBody, 'id' | 'table'>): string | undefined {
  return body.id ?? body.table?.id;
}

export const dashboardCalls = {
  /**
   * Every open table order and accepted delivery/pickup with its lines (owner_deleted ones
   * included: struck through on screen). With a kitchen area, only that area's lines, and only
   * the entries that have one.
   */
  dashboardGet: defineCall({
    method: 'POST',
    path: '/api/dashboard/owner/get',
    large: true,
    access: 'owner',
    body: z.object({ filter: KitchenFilter.optional() }),
    response: ok({ reservations: z.array(TableOrder) }),
  }),
  /** One open entry (the order view dialog), its lines filtered by kitchen area if asked. */
  dashboardTableGet: defineCall({
    method: 'POST',
    path: '/api/dashboard/owner/table/get',
    access: 'owner',
    body: z.object({ tableId: Id, socketId: SocketId, filter: KitchenFilter.optional() }),
    response: ok({ table: TableOrder }),
  }),
  /**
   * Order edit ('Termina', autosave): amounts, prices, notes, delete/restore of the lines named;
   * lines not named (a customer's later send) are left alone. Added: sconto (discount, cents),
   * refused when it reaches the subtotal, when a card payment exists, or when the order is not
   * accepted. Answers the whole entry after the edit.
   */
  dashboardTableModify: defineCall({
    method: 'POST',
    path: '/api/dashboard/owner/table/modify',
    access: 'owner',
    mutation: true,
    body: z.object({
      reservations: z.array(ModifiedLine).max(500),
      tableId: Id,
      socketId: SocketId,
      sconto: Discount.optional(),
    }),
    response: ok({ table: TableOrder }),
  }),
  /**
   * Added: an out-of-menu line ('Fuori menu' dialog) joins an entry's order. A table without an
   * open order gets one (as when the owner orders for it). `id`: the line's id given by the
   * device when it was added offline (a UUID), else the server makes one.
   */
  dashboardTableOutOfMenuAdd: defineCall({
    method: 'POST',
    path: '/api/dashboard/owner/table/outOfMenu/add',
    access: 'owner',
    mutation: true,
    body: z.object({
      tableId: Id,
      line: OutOfMenuAddLine,
      id: ClientGeneratedId.optional(),
      socketId: SocketId,
    }),
    response: ok({ table: TableOrder, line: ReservationLine }),
  }),
  /**
   * Remove a table's order or a delivery from the dashboard without writing history (an order
   * entered by mistake). Refused as CONFLICT when lines arrived after `seenVersion`.
   */
  dashboardTableDelete: defineCall({
    method: 'POST',
    path: '/api/dashboard/owner/table/delete',
    access: 'owner',
    mutation: true,
    body: z.object({ isDelivery: z.boolean(), tableId: Id, socketId: SocketId, seenVersion: SeenVersion }),
    response: ok({}),
  }),
  /**
   * Mark the entry's accepted, not yet printed lines of a kitchen area as printed (1). Added
   *: `ids`, the lines the ticket carried, so a line that arrived between the print
   * payload and the printer's acknowledgement is not marked printed unseen; without it, every
   * such line of the area is marked (the spec's call).
   */
  dashboardTablePrint: defineCall({
    method: 'POST',
    path: '/api/dashboard/owner/table/print',
    access: 'owner',
    mutation: true,
    body: z.object({
      tableId: Id,
      selected_option: KitchenFilter,
      socketId: SocketId,
      ids: z.array(Id).max(500).optional(),
    }),
    response: ok({ printed: z.array(Id) }),
  }),
  /**
   * A line's status: the preparation, ready, completed cycle (the client sends the next one),
   * owner_deleted, and restore (preparation). A deleted line only goes back to preparation.
   */
  dashboardStatusSet: defineCall({
    method: 'POST',
    path: '/api/dashboard/owner/status/set',
    access: 'owner',
    mutation: true,
    body: z.object({ id: Id, status: LineStatus, socketId: SocketId }),
    response: ok({ line: ReservationLine }),
  }),
  /**
   * Complete an order: the server builds the history from its own lines and order row, and
   * removes the table or delivery. The body names the order (`id`; the spec's old body, still
   * accepted, by `table.id`: see CompletionBody) and the version the tablet saw; completing it
   * twice is refused, as is a `seenVersion` older than its lines.
   */
  dashboardTableHistory: defineCall({
    method: 'POST',
    path: '/api/dashboard/owner/table/history',
    large: true,
    access: 'owner',
    mutation: true,
    body: CompletionBody,
    response: ok({ history: HistoryTotals }),
  }),
  /**
   * Added (spec 2.6, 4 "Table call"): the owner dismisses a table's waiter call. The spec's
   * socket event `discardCalledTable` does the same; this call is the outbox's way, so a tablet
   * offline dismisses it at once and the server hears it on reconnect. Idempotent: a table not
   * called stays not called.
   */
  dashboardCallDiscard: defineCall({
    method: 'POST',
    path: '/api/dashboard/owner/table/discardCall',
    access: 'owner',
    mutation: true,
    body: z.object({ tableId: Id, socketId: SocketId }),
    response: ok({}),
  }),
} as const;
