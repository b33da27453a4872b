import { ROOM_CANVAS_SIZE } from '@comanda/shared-schema';
import { xf } from '../../texts-extra.ts';
import type { Point } from './drag.ts';
import { byNumber, type TableView } from './room-logic.ts';
import { TableSquare } from './table-square.tsx';

export interface RoomCanvasProps {
  roomName: string;
  tables: readonly TableView[];
  /** 576 px or less: a grid of the tables by number, never draggable (spec 2.4). */
  narrow: boolean;
  unlocked: boolean;
  ownerId: string;
  canToggleStatus: boolean;
  statusBusyId: string | null;
  onMove: (id: string, at: Point) => Promise<boolean>;
  onRequestDelete: (table: TableView) => void;
  onToggleStatus: (table: TableView) => void;
  onView: (table: TableView) => void;
  onOpenAsCustomer: (table: TableView) => void;
}

/** The room's layout: a scrollable canvas of 2000 units, or the narrow screen's grid. */
export function RoomCanvas({ roomName, tables, narrow, unlocked, statusBusyId, ...square }: RoomCanvasProps) {
  // In number order, so Tab walks the tables the way the owner counts them.
  const ordered = byNumber(tables);
  if (narrow) {
    return (
      <ul className="room-grid" aria-label={xf.roomLayout(roomName)}>
        {ordered.map((table) => (
          <li key={table.id}>
            <TableSquare
              table={table}
              layout="grid"
              editable={false}
              statusBusy={statusBusyId === table.id}
              {...square}
            />
          </li>
        ))}
      </ul>
    );
  }
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must scroll from the keyboard even with no table in it.
    <section className="room-canvas-scroll" aria-label={xf.roomLayout(roomName)} tabIndex={0}>
      <div
        className={unlocked ? 'room-canvas room-canvas-unlocked' : 'room-canvas'}
        style={{ width: ROOM_CANVAS_SIZE, height: ROOM_CANVAS_SIZE }}
      >
        {ordered.map((table) => (
          <TableSquare
            key={table.id}
            table={table}
            layout="canvas"
            editable={unlocked}
            statusBusy={statusBusyId === table.id}
            {...square}
          />
        ))}
      </div>
    </section>
  );
}
