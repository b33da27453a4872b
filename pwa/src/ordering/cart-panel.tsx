import { type CartLine, cartLineKey, cartTotal, formatEuro, t } from '@comanda/shared-schema';
import { type ReactNode, useId, useSyncExternalStore } from 'react';
import { CartLineItem } from './cart-line.tsx';
import type { CartSnapshot, CartStore } from './cart-store.ts';

/** The cart's lines, live. */
export function useCart(store: CartStore): CartSnapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/**
 * The cart panel (spec 2.9): the lines, 'Il carrello è vuoto.' when there are none, and at the
 * foot whatever sends it: `action` gets the total in cents ('Ordina {total}€' for a table; the
 * delivery screens put 'Concludi ordine ( total € )' there). `status` shows above it.
 * The foot sticks to the bottom of whatever scrolls the cart (the phone's sheet, the cart page,
 * the desktop column), so the order button stays in reach however long the cart. An empty cart
 * has nothing to send: no total and no button, just 'Il carrello è vuoto.'.
 */
export function CartPanel({
  store,
  lines,
  locked,
  heading = t.cartTitle,
  status,
  action,
}: {
  store: CartStore;
  lines: readonly CartLine[];
  locked: boolean;
  heading?: string;
  status?: ReactNode;
  action: (totalCents: number) => ReactNode;
}) {
  const headingId = useId();
  const total = cartTotal(lines);
  return (
    <section className="cart-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="cart-title">
        {heading}
      </h2>
      {lines.length === 0 ? (
        <p className="cart-empty">{t.cartEmpty}</p>
      ) : (
        <ul className="cart-lines">
          {lines.map((line) => (
            <CartLineItem key={cartLineKey(line)} line={line} store={store} locked={locked} />
          ))}
        </ul>
      )}
      {lines.length > 0 ? (
        <div className="cart-foot">
          <p className="cart-total">
            <span>{t.orderTotal}</span>
            <strong>{formatEuro(total)}</strong>
          </p>
          {status}
          {action(total)}
        </div>
      ) : status ? (
        <div className="cart-foot cart-foot-empty">{status}</div>
      ) : null}
    </section>
  );
}
