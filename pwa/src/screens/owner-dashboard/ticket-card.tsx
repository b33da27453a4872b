import { formatEuro, type ReservationLine, t, tf } from '@comanda/shared-schema';
import { memo } from 'react';
import { Button } from '../../components/button.tsx';
import { PrinterIcon } from '../../components/icons.tsx';
import { amountsLocked } from '../../order-view/order-logic.ts';
import { usePrinterError } from '../../printing/use-printing.ts';
import {
  type AgeTone,
  ageMinutes,
  ageTone,
  printedLabel,
  statusLabel,
  type Ticket,
  ticketTitle,
  variantText,
} from './dashboard-logic.ts';
import { useAgeThresholds } from './kitchen-age.ts';

export interface TicketActions {
  /** Tap on a line: next status of the cycle, or restore for a deleted one. */
  advance: (line: ReservationLine) => void;
  view: (ticket: Ticket) => void;
  print: (ticket: Ticket) => void;
  complete: (ticket: Ticket) => void;
}

/**
 * One line, a tap advancing its status. A native `<button>`, not react-aria's Button: a busy
 * board shows 3,000 of these, and react-aria's press handling (a dozen hooks and listeners per
 * button) was the largest part of drawing the board. A native button already turns a tap, Enter,
 * Space and a screen reader's activation into one `click`, and `:focus-visible` shows the
 * keyboard focus (as the menu's dish cards do).
 */
const LineRow = memo(function LineRow({
  line,
  onAdvance,
  cardOrder,
}: {
  line: ReservationLine;
  onAdvance: (line: ReservationLine) => void;
  /** A card order's deleted line cannot be restored (issue 11: the server refuses it). */
  cardOrder: boolean;
}) {
  const deleted = line.status === 'owner_deleted';
  const stuck = deleted && cardOrder;
  const variants = variantText(line.variant);
  const action = stuck ? t.lineStatusDeleted : deleted ? t.restore : statusLabel(line.status);
  const printed = printedLabel(line.printed);
  return (
    <li className={`dash-line dash-line-${line.status}`}>
      <button type="button" className="btn dash-line-button" disabled={stuck} onClick={() => onAdvance(line)}>
        <span className="dash-line-main">
          <span className="dash-line-qty">{line.amount}×</span>{' '}
          {deleted ? (
            <s className="dash-line-name">{line.name}</s>
          ) : (
            <span className="dash-line-name">{line.name}</span>
          )}
        </span>{' '}
        {/* The spaces between parts keep the button's accessible name readable (grid ignores them). */}
        {variants && <span className="dash-line-variant">{variants} </span>}
        {line.note && <span className="dash-line-note">{line.note} </span>}
        <span className="dash-line-meta">
          <span className={`dash-status dash-status-${line.status}`}>{action}</span>{' '}
          {/* The print state reads like the dish status ('In preparazione'): the printer marks it apart. */}
          <span className="dash-printed">
            <PrinterIcon />
            <span className="visually-hidden">{t.print}: </span>
            {printed}
          </span>{' '}
          <span className="dash-line-area">{line.selected_option}</span>
        </span>
      </button>
    </li>
  );
});

/**
 * A ticket's note, lines and actions: memoised apart from the header, so the clock ticking the
 * tickets' ages (every 15 s, a hundred tickets) re-draws headers, not thirty lines each.
 */
const TicketBody = memo(function TicketBody({
  ticket,
  title,
  actions,
  subtotal,
}: {
  ticket: Ticket;
  title: string;
  actions: TicketActions;
  subtotal: number;
}) {
  // Spec 8: with the printer erroring the direct print gives way to the browser's.
  const printLabel = usePrinterError() ? t.printWithBrowser : t.print;
  const cardOrder = amountsLocked(ticket.order);
  return (
    <>
      {ticket.order.noteConsegna && <p className="dash-ticket-note">{ticket.order.noteConsegna}</p>}
      <ul className="dash-lines">
        {ticket.lines.map((line) => (
          <LineRow key={line.id} line={line} onAdvance={actions.advance} cardOrder={cardOrder} />
        ))}
      </ul>
      <footer className="dash-ticket-foot">
        <span className="dash-ticket-total">
          {t.rowTotal} {formatEuro(subtotal)}
        </span>
        <span className="btn-row dash-ticket-actions">
          <Button
            variant="secondary"
            aria-label={`${t.tableMenuView} ${title}`}
            onPress={() => actions.view(ticket)}
          >
            {t.tableMenuView}
          </Button>
          <Button
            variant="secondary"
            aria-label={`${printLabel} ${title}`}
            onPress={() => actions.print(ticket)}
          >
            {printLabel}
          </Button>
          <Button
            variant="primary"
            aria-label={`${t.completeOrder} ${title}`}
            onPress={() => actions.complete(ticket)}
          >
            {t.completeOrder}
          </Button>
        </span>
      </footer>
    </>
  );
});

/**
 * One dashboard entry ('Tavolo 4' or a delivery): its lines, each a button that advances the
 * status (the kitchen screen has no hover-only controls), and the entry's actions. Memoised:
 * a status tap re-draws the one ticket whose line changed (the board reuses unchanged tickets).
 */
export const TicketCard = memo(function TicketCard({
  ticket,
  now,
  actions,
  subtotal,
}: {
  ticket: Ticket;
  now: number;
  actions: TicketActions;
  subtotal: number;
}) {
  const minutes = ageMinutes(ticket.openedAt, now);
  const tone: AgeTone = ageTone(minutes, useAgeThresholds());
  const title = ticketTitle(ticket.order);
  const headingId = `ticket-${ticket.key}`;
  return (
    <article className={`dash-ticket dash-age-${tone}`} aria-labelledby={headingId}>
      <header className="dash-ticket-head">
        <h2 id={headingId} className="dash-ticket-title">
          {title}
        </h2>
        {ticket.openedAt > 0 && (
          <span className={`dash-age dash-age-badge-${tone}`}>
            <time dateTime={new Date(ticket.openedAt).toISOString()}>{tf.ticketAge(minutes)}</time>
          </span>
        )}
      </header>
      <TicketBody ticket={ticket} title={title} actions={actions} subtotal={subtotal} />
    </article>
  );
});
