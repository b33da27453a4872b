import {
  type AgeTone,
  ageTone,
  kitchenNextStatus,
  lineStatusLabel,
  type ReservationLine,
  t,
  tf,
  ticketClock,
  variantText,
} from '@comanda/shared-schema';
import { memo } from 'react';
import { Button } from '../../components/button.tsx';
import { useAgeThresholds } from '../../data/kitchen-age.ts';
import type { KitchenTicket } from './kitchen-logic.ts';

/**
 * One dish: a large native button (a busy kitchen shows hundreds; react-aria's press handling
 * per line is the dashboard's lesson) whose tap moves its one status forward. Quantity and name
 * first, then what changes the plate (options, the customer's note), then the status word.
 * Served or deleted dishes are shown for context, not tapped.
 */
const KitchenLine = memo(function KitchenLine({
  ticket,
  line,
  onTap,
  showArea,
}: {
  ticket: KitchenTicket;
  line: ReservationLine;
  onTap: KitchenTicketActions['tap'];
  showArea: boolean;
}) {
  const variants = variantText(line.variant);
  const tappable = kitchenNextStatus(line.status) !== null;
  const deleted = line.status === 'owner_deleted';
  return (
    <li className={`kds-line kds-line-${line.status}`}>
      <button
        type="button"
        className="kds-line-button"
        disabled={!tappable}
        onClick={() => onTap(ticket, line)}
      >
        <span className="kds-line-main">
          <span className="kds-line-qty">{line.amount}×</span>{' '}
          {deleted ? (
            <s className="kds-line-name">{line.name}</s>
          ) : (
            <span className="kds-line-name">{line.name}</span>
          )}
        </span>{' '}
        {/* Spaces between the parts keep the button's accessible name readable. */}
        {variants && (
          <>
            <span className="kds-line-variant">{variants}</span>{' '}
          </>
        )}
        {line.note && (
          <>
            <span className="kds-line-note">{line.note}</span>{' '}
          </>
        )}
        <span className="kds-line-meta">
          <span className="kds-line-status">
            {line.status !== 'preparation' && (
              <span aria-hidden="true" className="kds-line-check">
                {deleted ? '✕' : '✓'}
              </span>
            )}
            {lineStatusLabel(line.status)}
          </span>
          {showArea && (
            <>
              {' '}
              <span className="kds-line-area">{line.selected_option}</span>
            </>
          )}
        </span>
      </button>
    </li>
  );
});

export interface KitchenTicketActions {
  tap: (ticket: KitchenTicket, line: ReservationLine) => void;
  bump: (ticket: KitchenTicket) => void;
}

/**
 * One round of one order. Its clock: how long the round has waited, or for a delivery or pickup
 * the minutes until it is due ('tra 25 min') and then how late it is; coloured by this device's
 * thresholds. 'Tutto pronto' readies every dish still in preparation and the ticket leaves.
 */
export const KitchenTicketCard = memo(function KitchenTicketCard({
  ticket,
  now,
  actions,
  showArea,
  fresh,
}: {
  ticket: KitchenTicket;
  now: number;
  actions: KitchenTicketActions;
  showArea: boolean;
  fresh: boolean;
}) {
  const clock = ticketClock(ticket.startedAt, now, ticket.dueAt);
  const thresholds = useAgeThresholds();
  const tone: AgeTone | 'upcoming' = clock.upcoming ? 'upcoming' : ageTone(clock.minutes, thresholds);
  const round = ticket.round > 1 ? tf.kitchenRound(ticket.round) : null;
  const name = round ? `${ticket.title} ${round}` : ticket.title;
  const headingId = `kds-${ticket.key}`;
  const since = ticket.dueAt ?? ticket.startedAt;
  return (
    <article
      className={`kds-ticket kds-tone-${tone}${fresh ? ' kds-ticket-new' : ''}`}
      aria-labelledby={headingId}
    >
      <header className="kds-ticket-head">
        <h2 id={headingId} className="kds-ticket-title">
          {ticket.title}
          {round && (
            <>
              {' '}
              <span className="kds-round">{round}</span>
            </>
          )}
        </h2>
        {since > 0 && (
          <time className="kds-clock" dateTime={new Date(since).toISOString()}>
            {clock.upcoming ? tf.kitchenDueIn(clock.minutes) : tf.ticketAge(clock.minutes)}
          </time>
        )}
      </header>
      {ticket.order.noteConsegna && <p className="kds-ticket-note">{ticket.order.noteConsegna}</p>}
      <ul className="kds-lines">
        {ticket.lines.map((line) => (
          <KitchenLine key={line.id} ticket={ticket} line={line} onTap={actions.tap} showArea={showArea} />
        ))}
      </ul>
      <Button
        variant="primary"
        className="kds-bump"
        aria-label={tf.kitchenBumpOf(name)}
        onPress={() => actions.bump(ticket)}
      >
        {t.kitchenBump}
      </Button>
    </article>
  );
});
