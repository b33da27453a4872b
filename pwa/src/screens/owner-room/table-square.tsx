import { t, tf } from '@comanda/shared-schema';
import {
  type KeyboardEvent,
  memo,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Button, Menu, MenuItem, Popover, Text } from 'react-aria-components';
import { ownerOrderPath } from '../../components/table-links.ts';
import { x } from '../../texts-extra.ts';
import { isArrowKey, nudge, type Point, TableDrag } from './drag.ts';
import type { TableView } from './room-logic.ts';

export interface TableSquareProps {
  table: TableView;
  /** 'canvas': positioned at x, y; 'grid': the narrow-screen list, never draggable. */
  layout: 'canvas' | 'grid';
  /** 'Gestisci tavoli' is on (and the canvas is shown): drag and arrow keys move the table. */
  editable: boolean;
  ownerId: string;
  canToggleStatus: boolean;
  statusBusy: boolean;
  /** Save a new position (one mutation); answers false if it could not be queued. */
  onMove: (id: string, at: Point) => Promise<boolean>;
  onRequestDelete: (table: TableView) => void;
  onToggleStatus: (table: TableView) => void;
  /** 'Visualizza': the table's order view (spec 2.5, 2.12). */
  onView: (table: TableView) => void;
  /** 'Apri come cliente': the owner switches into the table's customer menu (spec 1). */
  onOpenAsCustomer: (table: TableView) => void;
}

type MenuKey = 'view' | 'order' | 'status' | 'delete' | 'customer';

/** React events bubble out of portals: only events from inside the square's own DOM count. */
function isOwn(e: { currentTarget: Element; target: EventTarget }): boolean {
  return e.target instanceof Node && e.currentTarget.contains(e.target);
}

/**
 * One table on the room layout (spec 2.5): a 50 px square showing its number, red with orders
 * and green without, solid border when locked and dashed when unlocked, with its menu. While it
 * is dragged only this square renders: the position lives here until the row catches up.
 */
function TableSquareImpl({
  table,
  layout,
  editable,
  ownerId,
  canToggleStatus,
  statusBusy,
  onMove,
  onRequestDelete,
  onToggleStatus,
  onView,
  onOpenAsCustomer,
}: TableSquareProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const descriptionId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  // Where the square is drawn while dragged or nudged, and after the drop until the row has it.
  const [local, setLocal] = useState<Point | null>(null);
  const keyMove = useRef<Point | null>(null);
  const justDragged = useRef(false);
  const stopDrag = useRef<(() => void) | null>(null);

  // The row moved (our drop arrived, or another tablet moved it): draw the row again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: x and y are the trigger, not inputs.
  useEffect(() => {
    setLocal(null);
  }, [table.x, table.y]);
  useEffect(() => () => stopDrag.current?.(), []);

  const commit = useCallback(
    (at: Point) => {
      setLocal(at);
      void onMove(table.id, at).then((queued) => {
        if (!queued) setLocal(null);
      });
    },
    [onMove, table.id],
  );

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    justDragged.current = false;
    if (!editable || e.button !== 0 || !e.isPrimary || !isOwn(e)) return;
    stopDrag.current?.();
    const pointerId = e.pointerId;
    const drag = new TableDrag(local ?? { x: table.x, y: table.y }, { x: e.clientX, y: e.clientY });
    // On the window, so a fast pointer that leaves the square keeps dragging it.
    const move = (ev: PointerEvent) => {
      if (ev.pointerId !== pointerId) return;
      const at = drag.move({ x: ev.clientX, y: ev.clientY });
      if (at) setLocal(at);
    };
    const end = (ev: PointerEvent) => {
      if (ev.pointerId !== pointerId) return;
      stop();
      if (ev.type === 'pointercancel') {
        setLocal(null);
        return;
      }
      // The click that follows a drag must not open the menu.
      if (drag.isDragging) justDragged.current = true;
      const at = drag.drop();
      if (at) commit(at);
      else setLocal(null);
    };
    const stop = () => {
      globalThis.removeEventListener('pointermove', move);
      globalThis.removeEventListener('pointerup', end);
      globalThis.removeEventListener('pointercancel', end);
      stopDrag.current = null;
    };
    globalThis.addEventListener('pointermove', move);
    globalThis.addEventListener('pointerup', end);
    globalThis.addEventListener('pointercancel', end);
    stopDrag.current = stop;
  };

  const finishKeyMove = () => {
    const at = keyMove.current;
    keyMove.current = null;
    if (!at) return;
    if (at.x === table.x && at.y === table.y) setLocal(null);
    else commit(at);
  };

  // Capture phase: arrow keys move the table instead of opening its menu.
  const onKeyDownCapture = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!editable || !isArrowKey(e.key) || e.altKey || e.ctrlKey || e.metaKey || !isOwn(e)) return;
    e.preventDefault();
    e.stopPropagation();
    const at = nudge(keyMove.current ?? local ?? { x: table.x, y: table.y }, e.key, e.shiftKey);
    keyMove.current = at;
    setLocal(at);
    requestAnimationFrame(() => buttonRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' }));
  };
  // One save per key release, not per repeated key press.
  const onKeyUpCapture = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!isArrowKey(e.key) || !keyMove.current) return;
    e.stopPropagation();
    finishKeyMove();
  };

  const onAction = (key: MenuKey) => {
    if (key === 'view') onView(table);
    else if (key === 'status') onToggleStatus(table);
    else if (key === 'delete') onRequestDelete(table);
    else if (key === 'customer') onOpenAsCustomer(table);
  };

  const pos = local ?? { x: table.x, y: table.y };
  const className = [
    'table-square',
    `table-square-${layout}`,
    table.hasOrders ? 'table-square-busy' : 'table-square-free',
    editable ? 'table-square-unlocked' : 'table-square-locked',
    local ? 'table-square-moving' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const label = tf.table(table.number);

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: it only watches, in the capture phase, what reaches its react-aria button (drag, arrow keys), which stops propagation; the button is the control. */}
      <div
        className={className}
        style={layout === 'canvas' ? { transform: `translate(${pos.x}px, ${pos.y}px)` } : undefined}
        data-testid={`table-${table.id}`}
        data-x={pos.x}
        data-y={pos.y}
        data-status={table.hasOrders ? 'busy' : 'free'}
        data-locked={editable ? 'false' : 'true'}
        onPointerDownCapture={onPointerDown}
        onKeyDownCapture={onKeyDownCapture}
        onKeyUpCapture={onKeyUpCapture}
        onBlur={finishKeyMove}
      >
        <Button
          ref={buttonRef}
          className="table-square-button"
          aria-label={label}
          aria-describedby={descriptionId}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onPress={() => {
            if (justDragged.current) {
              justDragged.current = false;
              return;
            }
            setMenuOpen(true);
          }}
        >
          <span aria-hidden="true">{table.number}</span>
        </Button>
        <span id={descriptionId} className="visually-hidden">
          {table.hasOrders ? x.tableStateBusy : x.tableStateFree}
          {editable ? `. ${x.moveTableHint}` : ''}
        </span>
      </div>
      {/* Beside the square, not inside: events in the menu must not reach the drag handlers. */}
      <Popover
        triggerRef={buttonRef}
        isOpen={menuOpen}
        onOpenChange={setMenuOpen}
        placement="bottom start"
        className="popover"
        // Standalone, the popover is a dialog of its own and needs the name a trigger would give.
        aria-label={label}
      >
        <Menu<object>
          className="menu"
          aria-label={label}
          autoFocus="first"
          // Standalone (no MenuTrigger): the menu closes after an item only when told how.
          onClose={() => setMenuOpen(false)}
          onAction={(key) => onAction(key as MenuKey)}
        >
          <MenuItem id="view" className="menu-item">
            {t.tableMenuView}
          </MenuItem>
          <MenuItem id="order" href={ownerOrderPath(ownerId, table.id)} className="menu-item">
            {t.tableMenuOrder}
          </MenuItem>
          <MenuItem
            id="status"
            className="menu-item menu-item-stacked"
            isDisabled={!canToggleStatus || statusBusy}
            textValue={table.status ? x.tableMarkFree : x.tableMarkBusy}
          >
            <Text slot="label">{table.status ? x.tableMarkFree : x.tableMarkBusy}</Text>
            {canToggleStatus ? null : (
              <Text slot="description" className="menu-item-description">
                {x.tableStatusOffline}
              </Text>
            )}
          </MenuItem>
          <MenuItem id="customer" className="menu-item">
            {t.openAsCustomer}
          </MenuItem>
          {table.hasOrders ? null : (
            <MenuItem id="delete" className="menu-item menu-item-danger">
              {t.tableMenuDelete}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </>
  );
}

/** Only what a square shows counts: the other squares stay still while one is dragged. */
export function sameSquare(a: TableSquareProps, b: TableSquareProps): boolean {
  const p = a.table;
  const q = b.table;
  return (
    p.id === q.id &&
    p.number === q.number &&
    p.x === q.x &&
    p.y === q.y &&
    p.status === q.status &&
    p.hasOrders === q.hasOrders &&
    a.layout === b.layout &&
    a.editable === b.editable &&
    a.ownerId === b.ownerId &&
    a.canToggleStatus === b.canToggleStatus &&
    a.statusBusy === b.statusBusy &&
    a.onMove === b.onMove &&
    a.onRequestDelete === b.onRequestDelete &&
    a.onToggleStatus === b.onToggleStatus &&
    a.onView === b.onView &&
    a.onOpenAsCustomer === b.onOpenAsCustomer
  );
}

export const TableSquare = memo(TableSquareImpl, sameSquare);
