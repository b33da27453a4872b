import { checkoutMinutesLeft, deskTitle, formatEuro, t, tf } from '@comanda/shared-schema';
import { useNow } from '../../data/use-now.ts';
import type { DeskEntry } from './desk-logic.ts';
import './checkouts-in-progress.css';

/**
 * 'Pagamenti in corso': customers paying by card right now (spec 4 "Customer order flow": the
 * order is stored before the card dialog). Not orders to decide: no 'Accetta', no 'Rifiuta', no
 * sound, not counted; each joins 'Da accettare' once its payment succeeds, or disappears when
 * its time runs out (the server cancels it). Shown apart, small, and only while there are some,
 * so the owner knows an order may be coming and who it is from.
 */
export function CheckoutsInProgress({ entries }: { entries: readonly DeskEntry[] }) {
  // Minutes left on the server's clock: the server is the one that cancels.
  const now = useNow(15_000);
  if (entries.length === 0) return null;
  return (
    <section className="desk-section desk-section-checkouts" aria-labelledby="desk-section-checkouts">
      <h2 id="desk-section-checkouts" className="desk-section-title desk-checkouts-title">
        {tf.sectionCount(t.checkoutsTitle, entries.length)}
      </h2>
      <p className="desk-muted">{t.checkoutsHint}</p>
      <ul className="desk-checkout-list">
        {entries.map((entry) => (
          <li key={entry.key} className="desk-checkout">
            <span className="desk-checkout-who">{deskTitle(entry.order)}</span>
            <span className="desk-checkout-total">{formatEuro(entry.totals.newTotal)}</span>
            <span className="desk-muted desk-checkout-left">
              {tf.checkoutTimeLeft(checkoutMinutesLeft(entry.order, now) ?? 0)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
