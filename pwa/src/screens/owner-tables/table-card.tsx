import { formatEuro, t, tf } from '@comanda/shared-schema';
import { memo, useId } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/button.tsx';
import { ownerOrderPath } from '../../components/table-links.ts';
import type { FloorTable } from '../../data/floor.ts';
import { xf } from '../../texts-extra.ts';

export interface TableCardProps {
  table: FloorTable;
  ownerId: string;
  /** Minutes the open order has been open (null without one). */
  openMinutes: number | null;
  /** Show the room under the number (the occupied-first list mixes rooms). */
  showRoom: boolean;
  onView: (table: FloorTable) => void;
  onQr: (table: FloorTable) => void;
  onAnswerCall: (table: FloorTable) => void;
  /** 'Apri come cliente': the owner switches into the table's customer menu (spec 1). */
  onOpenAsCustomer: (table: FloorTable) => void;
}

/**
 * One table of the list: its number and room, free or occupied, a pending waiter call with
 * 'Servito', what its open order is worth and since when, and the actions of the room screen's
 * table menu (spec 2.5): 'Visualizza' (the order view), 'Ordina' (the menu ordering dialog for
 * the table), and its QR code; and 'Apri come cliente', the table's menu as its customers see it
 * (spec 1's switch into the customer flow).
 */
function TableCardImpl({
  table,
  ownerId,
  openMinutes,
  showRoom,
  onView,
  onQr,
  onAnswerCall,
  onOpenAsCustomer,
}: TableCardProps) {
  const titleId = useId();
  const name = tf.table(table.number);
  return (
    <li
      className={['tbl-card', table.busy ? 'tbl-busy' : 'tbl-free', table.called ? 'tbl-called' : '']
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={titleId}
      data-testid={`tables-${table.id}`}
      data-state={table.busy ? 'busy' : 'free'}
    >
      <div className="tbl-head">
        <span className="tbl-number" aria-hidden="true">
          {table.number}
        </span>
        <div className="tbl-name">
          <h3 id={titleId}>{name}</h3>
          {showRoom ? <span className="tbl-room">{table.roomName}</span> : null}
        </div>
        <span className={table.busy ? 'tbl-state tbl-state-busy' : 'tbl-state tbl-state-free'}>
          {table.busy ? t.tableOccupied : t.tableFree}
        </span>
      </div>
      {table.called ? (
        <div className="tbl-call">
          <span className="tbl-call-text">{t.tableCalling}</span>
          <Button
            variant="primary"
            className="tbl-call-answer"
            aria-label={tf.tableAction(t.dismissWaiterCall, table.number)}
            onPress={() => onAnswerCall(table)}
          >
            {t.dismissWaiterCall}
          </Button>
        </div>
      ) : null}
      {table.hasOrder ? (
        <dl className="tbl-facts">
          <div>
            <dt>{t.tableOpenTotal}</dt>
            <dd className="tbl-total">{formatEuro(table.total)}</dd>
          </div>
          <div>
            <dt>{t.tableOpenSince}</dt>
            <dd>
              {openMinutes === null ? '—' : tf.openFor(openMinutes)}
              <span className="tbl-dishes"> · {tf.dishesCount(table.dishes)}</span>
            </dd>
          </div>
        </dl>
      ) : null}
      <div className="tbl-actions">
        <Button
          variant="secondary"
          className="tbl-action"
          aria-label={tf.tableAction(t.tableMenuView, table.number)}
          isDisabled={!table.hasOrder}
          onPress={() => onView(table)}
        >
          {t.tableMenuView}
        </Button>
        <Link
          to={ownerOrderPath(ownerId, table.id)}
          className={buttonClass('primary', false, 'tbl-action')}
          aria-label={tf.tableAction(t.tableMenuOrder, table.number)}
        >
          {t.tableMenuOrder}
        </Link>
        <Button
          variant="ghost"
          className="tbl-action tbl-action-qr"
          aria-label={xf.qrAlt(table.number)}
          onPress={() => onQr(table)}
        >
          {t.tableQr}
        </Button>
        <Button
          variant="ghost"
          className="tbl-action tbl-action-customer"
          aria-label={tf.tableAction(t.openAsCustomer, table.number)}
          onPress={() => onOpenAsCustomer(table)}
        >
          {t.openAsCustomer}
        </Button>
      </div>
    </li>
  );
}

export const TableCard = memo(TableCardImpl);
