import { z } from 'zod';
import { defineCall, emptyBody, Id, ok } from '../contract.ts';
import { Room, RoomTable } from '../entities.ts';
import { CanvasCoord, ClientGeneratedId, Flag, RoomName, SocketId } from '../fields.ts';
import { t } from '../texts.ts';

/**
 * Spec 7 "Rooms and tables" (owner). The business always comes from the session; a businessId
 * the spec puts in a body is accepted and must match it.
 */
const BusinessIdEcho = Id.optional();

/** A table on the room layout, with whether it has open orders (red border, no 'Elimina'). */
export const RoomTableView = RoomTable.extend({ hasOrders: z.boolean() });
export type RoomTableView = z.infer<typeof RoomTableView>;

export const roomsTablesCalls = {
  roomsGet: defineCall({
    method: 'POST',
    path: '/api/rooms/owner/get',
    large: true,
    access: 'owner',
    body: emptyBody,
    response: ok({ roomsList: z.array(Room) }),
  }),
  roomsAdd: defineCall({
    method: 'POST',
    path: '/api/rooms/owner/add',
    access: 'owner',
    mutation: true,
    body: z.object({ id: ClientGeneratedId.optional(), name: RoomName }),
    response: ok({ id: Id }),
  }),
  roomsEdit: defineCall({
    method: 'POST',
    path: '/api/rooms/owner/edit',
    access: 'owner',
    mutation: true,
    body: z.object({ id: Id, name: RoomName }),
    response: ok({}),
  }),
  /** Refused with ROOM_NOT_EMPTY ('Impossibile eliminare una sala contenente tavoli'). */
  roomsDelete: defineCall({
    method: 'POST',
    path: '/api/rooms/owner/delete',
    access: 'owner',
    mutation: true,
    body: z.object({ id: Id }),
    response: ok({}),
  }),
  roomTablesGet: defineCall({
    method: 'POST',
    path: '/api/rooms/owner/tables/get',
    large: true,
    access: 'owner',
    body: z.object({ id: Id, socketId: SocketId }),
    response: ok({ tablesList: z.array(RoomTableView) }),
  }),
  /** Added to the answer: the new table's number. */
  tablesAdd: defineCall({
    method: 'POST',
    path: '/api/tables/owner/add',
    access: 'owner',
    mutation: true,
    body: z.object({
      id: ClientGeneratedId.optional(),
      x: CanvasCoord.optional(),
      y: CanvasCoord.optional(),
      roomId: Id,
    }),
    response: ok({ id: Id, businessId: Id, number: z.number().int().min(1) }),
  }),
  /**
   * Dragging saves coordinates. The spec's room screen sends tableId, its order view sends id
   * ("the same purpose with {id, x, y, businessId}"): either is accepted, tableId wins.
   */
  tablesSetCoords: defineCall({
    method: 'POST',
    path: '/api/tables/owner/setCoords',
    access: 'owner',
    mutation: true,
    body: z
      .object({
        tableId: Id.optional(),
        id: Id.optional(),
        x: CanvasCoord,
        y: CanvasCoord,
        businessId: BusinessIdEcho,
      })
      .refine((body) => body.tableId !== undefined || body.id !== undefined, {
        message: t.tableRequired,
        path: ['tableId'],
      }),
    response: ok({}),
  }),
  tablesSetStatus: defineCall({
    method: 'POST',
    path: '/api/tables/owner/setStatus',
    access: 'owner',
    mutation: true,
    body: z.object({ id: Id, status: z.boolean(), businessId: BusinessIdEcho, socketId: SocketId }),
    response: ok({}),
  }),
  /** Refused with CONFLICT while the table has open orders. */
  tablesDelete: defineCall({
    method: 'POST',
    path: '/api/tables/owner/delete',
    access: 'owner',
    mutation: true,
    body: z.object({ id: Id, businessId: BusinessIdEcho }),
    response: ok({}),
  }),
  ownerOrderEnabledGet: defineCall({
    method: 'POST',
    path: '/api/owner/orderEnabled/get',
    access: 'owner',
    body: emptyBody,
    response: ok({ orderEnabled: Flag }),
  }),
  /** No payload; answers the new state (added). */
  ownerOrderToggle: defineCall({
    method: 'POST',
    path: '/api/owner/order/toggle',
    access: 'owner',
    mutation: true,
    body: emptyBody,
    response: ok({ orderEnabled: Flag }),
  }),
} as const;
