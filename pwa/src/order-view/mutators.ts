import {
  lineAfterEdit,
  lineNote,
  type ModifiedLine,
  type OrderRow,
  OUT_OF_MENU_CATEGORY_ID,
  OUT_OF_MENU_CATEGORY_NAME,
  type ReservationLine,
  type RoomTable,
} from '@comanda/shared-schema';
// Type-only: `data/mutators.ts` imports this file, so a value import would be a cycle.
import type { EntityView, MutatorsFor } from '../data/view.ts';

/** Thrown when the server would refuse the edit: the view leaves the entry out whole. */
export class OrderViewRefusal extends Error {
  override readonly name = 'OrderViewRefusal';
}

/** The open entry a spec `tableId` names: a table's open order or a delivery (or the order's own id). */
export function findEntry(view: EntityView, key: string): OrderRow | undefined {
  return view.list<OrderRow>('order').find((o) => o.tableId === key || o.deliveryId === key || o.id === key);
}

/** Does this line belong to that entry? Lines carry the table id (table orders) or the delivery id. */
export function lineOfEntry(line: Pick<ReservationLine, 'tableId' | 'deliveryId'>, order: OrderRow): boolean {
  if (order.deliveryId) return line.deliveryId === order.deliveryId;
  return order.tableId != null && line.tableId === order.tableId;
}

/** A modify entry applied to one line, by the server's own rule (shared-schema rules/line-edits.ts). */
export function editLine(line: ReservationLine, edit: ModifiedLine): ReservationLine {
  return { ...line, ...lineAfterEdit(line, edit) };
}

/**
 * The local effect of the order view's mutations (spec 2.12, 4, 5), replayed on top of the server
 * rows until the server's own state replaces them. They mirror the server's handlers.
 */
export const orderViewMutators = {
  dashboardTableModify: {
    entities: ['order', 'line'],
    apply: (view, body) => {
      for (const edit of body.reservations) {
        const line = view.get<ReservationLine>('line', edit.id);
        if (!line) throw new OrderViewRefusal('line gone');
        view.put('line', line.id, editLine(line, edit));
      }
      if (body.sconto !== undefined) {
        const order = findEntry(view, body.tableId);
        if (!order) throw new OrderViewRefusal('order gone');
        view.put('order', order.id, { ...order, sconto: body.sconto } satisfies OrderRow);
      }
    },
  },
  dashboardTableOutOfMenuAdd: {
    entities: ['order', 'line', 'table'],
    apply: (view, body, at) => {
      // Always queued with a client id (the dialog makes one); without it nothing can be shown.
      if (!body.id) return;
      let order = findEntry(view, body.tableId);
      if (!order) {
        // A free table gets an order, as on the server; it shows until the server's row arrives.
        const table = view.get<RoomTable>('table', body.tableId);
        if (!table) throw new OrderViewRefusal('no open entry');
        order = {
          id: body.id,
          tableId: table.id,
          deliveryId: null,
          number: table.number,
          accettato: 1,
          isCalled: false,
          businessId: table.businessId,
          status: 1,
          x: table.x,
          y: table.y,
        };
        view.put('order', order.id, order);
      }
      const line: ReservationLine = {
        id: body.id,
        tableId: order.deliveryId ? null : (order.tableId ?? null),
        deliveryId: order.deliveryId ?? null,
        dishId: null,
        name: body.line.name.trim(),
        price: body.line.price,
        amount: body.line.amount ?? 1,
        variant: [],
        note: lineNote(body.line.note),
        selected_option: body.line.selected_option,
        status: 'preparation',
        printed: 0,
        accettato: order.accettato === 0 ? 0 : 1,
        // When the line was added, not when this is replayed: each replay writes an equal line.
        lastUpdate: new Date(at ?? Date.now()).toISOString(),
        categoryId: OUT_OF_MENU_CATEGORY_ID,
        categoryName: OUT_OF_MENU_CATEGORY_NAME,
      };
      view.put('line', line.id, line);
    },
  },
} satisfies MutatorsFor;
