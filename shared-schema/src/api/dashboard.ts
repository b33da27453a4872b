import { z } from 'zod';
import { Cents, defineCall, Id, ok } from '../contract.ts';
import { LineStatus, OrderHistoryPayload, ReservationLine, TableOrder } from '../entities.ts';
import { KitchenFilter, SeenVersion, SocketId } from '../fields.ts';

/**
 * Spec 7 "Dashboard" (owner). `tableId` names a dashboard entry: a table's id, or a delivery's id
 * when the entry is a delivery or pickup order. Mutations go through the sync core.
 */

/** One edited line of table/modify: only the lines named change (DESIGN.md merge rule). */
export const ModifiedLine = ReservationLine.pick({
  id: true,
  amount: true,
  price: true,
  status: true,
}).extend({
  note: ReservationLine.shape.note,
});

export const dashboardCalls = {
  /** Every open entry (tables with orders, deliveries, pickups); optional kitchen-area filter. */
  dashboardGet: defineCall({
    method: 'POST',
    path: '/api/dashboard/owner/get',
    access: 'owner',
    body: z.object({ filter: KitchenFilter.optional() }),
    response: ok({ reservations: z.array(TableOrder) }),
  }),
  /** One entry (the order view dialog). */
  dashboardTableGet: defineCall({
    method: 'POST',
    path: '/api/dashboard/owner/table/get',
    access: 'owner',
    body: z.object({ tableId: Id, socketId: SocketId, filter: KitchenFilter.optional() }),
    response: ok({ table: TableOrder }),
  }),
  /**
   * Order edit ('Termina', autosave): amounts, prices, notes, delete/restore of the lines named.
   * Added: sconto (discount, cents).
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
      sconto: Cents.optional(),
    }),
    response: ok({ table: TableOrder }),
  }),
  /** Remove a table's order or a delivery from the dashboard (after completing it). */
  dashboardTableDelete: defineCall({
    method: 'POST',
    path: '/api/dashboard/owner/table/delete',
    access: 'owner',
    mutation: true,
    body: z.object({ isDelivery: z.boolean(), tableId: Id, socketId: SocketId, seenVersion: SeenVersion }),
    response: ok({}),
  }),
  /** Mark the entry's lines of a kitchen area as printed (sent to the printer). */
  dashboardTablePrint: defineCall({
    method: 'POST',
    path: '/api/dashboard/owner/table/print',
    access: 'owner',
    mutation: true,
    body: z.object({ tableId: Id, selected_option: KitchenFilter, socketId: SocketId }),
    response: ok({ printed: z.array(Id) }),
  }),
  /** A line's status (the preparation, ready, completed cycle; owner_deleted; restore). */
  dashboardStatusSet: defineCall({
    method: 'POST',
    path: '/api/dashboard/owner/status/set',
    access: 'owner',
    mutation: true,
    body: z.object({ id: Id, status: LineStatus, socketId: SocketId }),
    response: ok({}),
  }),
  /** Complete an order: store its history; afterwards the table or delivery is removed. */
  dashboardTableHistory: defineCall({
    method: 'POST',
    path: '/api/dashboard/owner/table/history',
    access: 'owner',
    mutation: true,
    body: OrderHistoryPayload.extend({ seenVersion: SeenVersion, socketId: SocketId }),
    response: ok({}),
  }),
} as const;
