import { z } from 'zod';
import { defineCall, Id, ok } from '../contract.ts';
import { Flag, SeenVersion, SocketId } from '../fields.ts';

/** Spec 7 "Delivery" (owner). Accepting or rejecting twice the same way is a no-op. */
export const deliveryCalls = {
  /** Pending deliveries (accettato 0). */
  deliveryCount: defineCall({
    method: 'GET',
    path: '/api/delivery/getCountDelivery',
    access: 'owner',
    body: z.object({}),
    response: ok({ result: z.number().int().min(0) }),
  }),
  deliveryAccept: defineCall({
    method: 'POST',
    path: '/api/delivery/deliveryAccept',
    access: 'owner',
    mutation: true,
    body: z.object({ deliveryId: Id, socketId: SocketId }),
    response: ok({}),
  }),
  deliveryReject: defineCall({
    method: 'POST',
    path: '/api/delivery/deliveryReject',
    access: 'owner',
    mutation: true,
    body: z.object({ deliveryId: Id, socketId: SocketId, seenVersion: SeenVersion }),
    response: ok({}),
  }),
  /** Payment status of a delivery: 1 paid, 0 not paid. */
  deliveryChangeStatusPay: defineCall({
    method: 'POST',
    path: '/api/delivery/changeStatusPay',
    access: 'owner',
    mutation: true,
    body: z.object({ deliveryId: Id, status: Flag, socketId: SocketId }),
    response: ok({}),
  }),
} as const;
