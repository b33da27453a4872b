import { formatEuro, type OrderTotals, type ReservationLine, t, tf } from '@comanda/shared-schema';
import { Fragment, memo } from 'react';
import { Button } from '../../components/button.tsx';
import { PrinterIcon } from '../../components/icons.tsx';
import { useAgeThresholds } from '../../data/kitchen-age.ts';
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
  /** A card order's deleted line cannot be restored (the server refuses it). */
  cardOrder: boolean;
}) {
  const deleted = line.status === 'owner_deleted';
  const stuck = deleted && cardOrder;
  const variants = variantText(line.variant);
  const action = stuck ? t.lineStatusDeleted : deleted ? t.restore : statusLabel(line.status);
  const printed = printedLabel(line.printed);
  return (
    <li className={`dash-line dash-line-${line.status}`} data-printed={line.printed === 1 ? '1' : '0'}>
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
          <span className="dash-line-area">{line.selected_option}</span>
        </span>
      </button>
      {/* The print state apart from the dish's one status: a printer and its own words, outside
          the button, so neither the eye nor a screen reader takes it for a second dish status. */}
      <span className="dash-printed" title={printed}>
        <PrinterIcon />
        {printed}
      </span>
    </li>
  );
});

/**
 * What the order costs, as the order view's last row says it: 'TOTALE 14,50 €', or after a
 * discount 'NUOVO TOTALE 54,00 €'; the delivery fee, the card fee and the discount that make the
 * difference from the dishes are shown beside it.
 */
function TicketTotal({ totals }: { totals: OrderTotals }) {
  const extras: string[] = [];
  if (totals.costoConsegna > 0) extras.push(`${t.rowDeliveryCost} ${formatEuro(totals.costoConsegna)}`);
  if (totals.serviceFee > 0) extras.push(`${t.rowServiceCosts} ${formatEuro(totals.serviceFee)}`);
  if (totals.sconto > 0) extras.push(`${t.rowDiscount} −${formatEuro(totals.sconto)}`);
  return (
    <span className="dash-ticket-total">
      {extras.map((text) => (
        // The space keeps the parts apart for a screen reader (flex ignores it).
        <Fragment key={text}>
          <span className="dash-ticket-extra">{text}</span>{' '}
        </Fragment>
      ))}
      <span className="dash-ticket-sum">
        {totals.sconto > 0 ? t.rowNewTotal : t.rowTotal} {formatEuro(totals.newTotal)}
      </span>
    </span>
  );
}

/**
 * A ticket's note, lines and actions: memoised apart from the header, so the clock ticking the
 * tickets' ages (every 15 s, a hundred tickets) re-draws headers, not thirty lines each.
 */
const TicketBody = memo(function TicketBody({
  ticket,
  title,
  actions,
  totals,
}: {
  ticket: Ticket;
  title: string;
  actions: TicketActions;
  totals: OrderTotals;
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
        <TicketTotal totals={totals} />
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
  totals,
}: {
  ticket: Ticket;
  now: number;
  actions: TicketActions;
  /** The whole order's totals (every area's lines), by the rule of the order view. */
  totals: OrderTotals;
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
      <TicketBody ticket={ticket} title={title} actions={actions} totals={totals} />
    </article>
  );
});
