import {
  type BusinessRow,
  completedOrderId,
  lineStatusSettable,
  linesPrinted,
  type OrderRow,
  type ReservationLine,
  type RoomTable,
} from '@comanda/shared-schema';
// Type-only: `data/mutators.ts` imports this file, so a value import would be a cycle.
import type { EntityView, MutatorsFor } from '../../data/view.ts';
import { entryKeyOf, lineKey } from './dashboard-logic.ts';

/** Thrown when the server is sure to refuse: the view leaves the entry's effect out whole. */
export class DashboardRefusal extends Error {
  override readonly name = 'DashboardRefusal';
}

function orderOf(view: EntityView, key: string): OrderRow | undefined {
  return view.list<OrderRow>('order').find((o) => entryKeyOf(o) === key);
}

function linesOf(view: EntityView, key: string): ReservationLine[] {
  return view.list<ReservationLine>('line').filter((l) => lineKey(l) === key);
}

/**
 * Every optimistic edit stamps the line as the server would, so the kitchen sees it moved: with
 * the instant the change was queued, so replaying it again (claimed, acked) writes an equal line
 * and the screens keep the one they drew.
 */
const stamp = (at: number | undefined) => new Date(at ?? Date.now()).toISOString();

/**
 * The dashboard's mutations replayed on top of the server rows (spec 4, 7 "Dashboard"), each
 * mirroring the server's handler so an offline tablet shows what the server will make of it.
 * The order view's edits (modify, out-of-menu add) live in `src/order-view/mutators.ts`.
 */
export const dashboardMutators = {
  dashboardStatusSet: {
    entities: ['line'],
    apply: (view, body, at) => {
      const line = view.get<ReservationLine>('line', body.id);
      if (!line) throw new DashboardRefusal('line gone');
      // A deleted line only comes back through a restore (the server's CONFLICT).
      if (!lineStatusSettable(line.status, body.status)) throw new DashboardRefusal('restore first');
      if (line.status === body.status) return;
      view.put('line', line.id, {
        ...line,
        status: body.status,
        lastUpdate: stamp(at),
      } satisfies ReservationLine);
    },
  },
  dashboardTablePrint: {
    entities: ['line'],
    apply: (view, body, at) => {
      for (const line of linesPrinted(linesOf(view, body.tableId), body.selected_option, body.ids)) {
        view.put('line', line.id, { ...line, printed: 1, lastUpdate: stamp(at) } satisfies ReservationLine);
      }
    },
  },
  dashboardTableHistory: {
    entities: ['order', 'line'],
    apply: (view, body) => {
      // The order's id; an outbox queued before the small body still holds the spec's `table`.
      const order = view.get<OrderRow>('order', completedOrderId(body) ?? '');
      // Already gone (completed on another tablet): nothing left to remove.
      if (!order) return;
      const key = entryKeyOf(order);
      for (const line of linesOf(view, key)) view.delete('line', line.id);
      view.delete('order', order.id);
    },
  },
  dashboardCallDiscard: {
    entities: ['table'],
    apply: (view, body) => {
      const table = view.get<RoomTable>('table', body.tableId);
      // Gone or already answered on another tablet: nothing to dismiss (the server agrees).
      if (!table?.called) return;
      view.put('table', table.id, { ...table, called: false } satisfies RoomTable);
    },
  },
  ownerChatToggle: {
    entities: ['business'],
    apply: (view) => {
      // No payload (spec 7): the switch flips whatever the venue's flag is by then.
      for (const b of view.list<BusinessRow>('business')) {
        view.put('business', b.id, { ...b, chatEnabled: b.chatEnabled === 1 ? 0 : 1 } satisfies BusinessRow);
      }
    },
  },
  dashboardTableDelete: {
    entities: ['order', 'line'],
    apply: (view, body) => {
      const order = orderOf(view, body.tableId);
      if (!order) return;
      for (const line of linesOf(view, body.tableId)) view.delete('line', line.id);
      view.delete('order', order.id);
    },
  },
} satisfies MutatorsFor;
