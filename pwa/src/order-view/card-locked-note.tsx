import { t } from '@comanda/shared-schema';
import './card-locked-note.css';

/**
 * Why a card order offers no price, quantity or dish changes, where those controls
 * would be. Plain text in a note (not an alert): it describes the order, nothing went wrong.
 * `id` lets a disabled control point at it with aria-describedby.
 */
export function CardLockedNote({ id, className = '' }: { id?: string; className?: string }) {
  return (
    <p id={id} role="note" className={`alert alert-info card-locked-note ${className}`.trim()}>
      {t.cardOrderAmountsLocked}
    </p>
  );
}
