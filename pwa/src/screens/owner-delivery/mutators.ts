import type { OrderRow, ReservationLine } from '@comanda/shared-schema';
// Type-only: `data/mutators.ts` imports this file, so a value import would be a cycle.
import type { EntityView, MutatorsFor } from '../../data/view.ts';

/** Thrown when the server is sure to refuse: the view leaves the entry's effect out whole. */
export class DeliveryRefusal extends Error {
  override readonly name = 'DeliveryRefusal';
}

function linesOf(view: EntityView, deliveryId: string): ReservationLine[] {
  return view.list<ReservationLine>('line').filter((l) => l.deliveryId === deliveryId);
}

/** A delivery or pickup the device knows (a table's order is never one: the server's NOT_FOUND). */
function deliveryOf(view: EntityView, deliveryId: string): OrderRow | undefined {
  const order = view.get<OrderRow>('order', deliveryId);
  return order && (order.deliveryId != null || order.tipo != null) ? order : undefined;
}

/**
 * A rejection's local effect: the order and its lines leave the device at once. Already gone
 * (rejected on another tablet): a no-op. Accepted elsewhere: the server's ALREADY_DECIDED. A card
 * order goes at once too: the server refunds (or cancels the intent) first, and a refund it
 * cannot make brings the order back.
 */
function rejectLocally(view: EntityView, deliveryId: string): void {
  const order = deliveryOf(view, deliveryId);
  if (!order) return;
  if (order.accettato !== 0) throw new DeliveryRefusal('already accepted');
  for (const line of linesOf(view, order.id)) view.delete('line', line.id);
  view.delete('order', order.id);
}

/**
 * The delivery desk's decisions replayed on top of the server rows (spec 4 "Delivery order", 7
 * "Delivery"), each mirroring `sync-server/src/delivery/decision-routes.ts`, so an accepted order
 * moves to the dashboard at once and stays there after a reload offline.
 */
export const deliveryMutators = {
  deliveryAccept: {
    entities: ['order', 'line'],
    apply: (view, body, at) => {
      const order = deliveryOf(view, body.deliveryId);
      // Rejected or removed on another tablet: the server answers ALREADY_DECIDED.
      if (!order) throw new DeliveryRefusal('delivery gone');
      // Accepting twice is a no-op (null counts as accepted, spec 3).
      if (order.accettato !== 0) return;
      view.put('order', order.id, { ...order, accettato: 1 } satisfies OrderRow);
      // When the owner accepted, not when this is replayed: each replay writes equal lines.
      const stamp = new Date(at ?? Date.now()).toISOString();
      for (const line of linesOf(view, order.id)) {
        view.put('line', line.id, { ...line, accettato: 1, lastUpdate: stamp } satisfies ReservationLine);
      }
    },
  },
  deliveryReject: {
    entities: ['order', 'line'],
    apply: (view, body) => rejectLocally(view, body.deliveryId),
  },
  // 'Blocca mittente' rejects the order exactly as 'Rifiuta' does; the block itself is the
  // server's (the list of blocked senders is read from it, not kept on the device).
  deliveryBlockSender: {
    entities: ['order', 'line'],
    apply: (view, body) => rejectLocally(view, body.deliveryId),
  },
  deliveryChangeStatusPay: {
    entities: ['order'],
    apply: (view, body) => {
      const order = deliveryOf(view, body.deliveryId);
      // Closed (completed or rejected): the server answers CONFLICT.
      if (!order) throw new DeliveryRefusal('delivery not open');
      if (order.statusPay === body.status) return;
      view.put('order', order.id, { ...order, statusPay: body.status } satisfies OrderRow);
    },
  },
} satisfies MutatorsFor;
