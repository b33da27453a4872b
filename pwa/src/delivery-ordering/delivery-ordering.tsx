import { cartCount, t, tf } from '@comanda/shared-schema';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Alert } from '../components/alert.tsx';
import { Button } from '../components/button.tsx';
import { Loading } from '../components/loading.tsx';
import { useDocumentTitle } from '../components/page.tsx';
import { CartPanel, useCart } from '../ordering/cart-panel.tsx';
import { cartStoreFor, clearAfterOrder, deliveryScope } from '../ordering/cart-store.ts';
import { ClosedVenue } from '../ordering/closed-venue.tsx';
import { MenuArea } from '../ordering/menu-area.tsx';
import { OwnerLiveBridge, ownerLinks } from '../ordering/owner-live-bridge.tsx';
import { sendToPrinter } from '../ordering/print-hook.ts';
import { SectionNav } from '../ordering/table-nav.tsx';
import { type DeliveryOrderAnswer, pendingDeliveryAttempt } from './delivery-send.ts';
import { useDeliveryChecks } from './use-delivery-checks.ts';
import '../ordering/ordering.css';

const Checkout = lazy(() => import('./checkout.tsx').then((m) => ({ default: m.Checkout })));
// The result screen and its live recap load when an order is stored.
const DeliverySuccess = lazy(() =>
  import('./delivery-success.tsx').then((m) => ({ default: m.DeliverySuccess })),
);

/** The customer's delivery routes (spec 2.2): the menu and the cart. */
export function deliveryPaths(ownerId: string) {
  const id = encodeURIComponent(ownerId);
  return { menu: `/user/delivery/${id}`, cart: `/user/deliverycart/${id}` };
}

export interface DeliveryOrderingProps {
  ownerId: string;
  actor: 'user' | 'owner';
  /** 'menu': the menu with its cart; 'cart': the cart alone (`/user/deliverycart/...`). */
  mode: 'menu' | 'cart';
  /** Owner: the success screen's 'Chiudi'. */
  onOwnerDone?: () => void;
}

/**
 * A delivery or pickup order (spec 2.7, 2.9, 2.10): a customer's from the venue's delivery page,
 * or the owner's phone order ('Nuova consegna / Ritiro'). The menu and a cart in session storage,
 * 'Concludi ordine ( total € )' opening the full-screen checkout, then the result. Customers see
 * why they cannot order (unknown venue, delivery switched off, venue closed).
 */
export function DeliveryOrdering({ ownerId, actor, mode, onOwnerDone }: DeliveryOrderingProps) {
  const owner = actor === 'owner';
  const scope = owner ? `${deliveryScope(ownerId)}:owner` : deliveryScope(ownerId);
  const store = useMemo(() => cartStoreFor(scope), [scope]);
  const { lines } = useCart(store);
  const { checks, retry } = useDeliveryChecks(ownerId, owner);
  // A send the tab was reloaded in the middle of: reopen the checkout on it ('Riprova').
  const [checkoutOpen, setCheckoutOpen] = useState(() => pendingDeliveryAttempt(ownerId) !== null);
  // The order just stored, for the result screen (spec 2.11); null while none.
  const [placed, setPlaced] = useState<DeliveryOrderAnswer | null>(null);
  const success = placed !== null;
  const [menuRound, setMenuRound] = useState(0);
  const owned = useRef(ownerLinks()).current;

  const title = owner ? t.newDeliveryOrPickup : t.deliveryOrderTitle;
  useDocumentTitle(title);

  const bridge = owner ? (
    <OwnerLiveBridge onMenuChanged={() => setMenuRound((n) => n + 1)} links={owned} />
  ) : null;

  if (checks.state === 'loading') return <Loading />;
  if (checks.state === 'failed') {
    return (
      <div className="ordering">
        <h1>{title}</h1>
        <Alert tone="danger">
          <p>{checks.message}</p>
          {checks.failure === 'network' ? (
            <Button variant="secondary" onPress={retry}>
              {t.retry}
            </Button>
          ) : null}
        </Alert>
      </div>
    );
  }

  const blocked = !owner && !checks.deliveryEnabled ? t.deliveryNotAvailable : null;
  const cart = (
    <CartPanel
      store={store}
      lines={lines}
      locked={checkoutOpen}
      status={blocked && lines.length > 0 ? <p className="cart-blocked">{blocked}</p> : null}
      action={(total) => (
        <Button
          variant="primary"
          block
          className="order-button"
          isDisabled={lines.length === 0 || blocked !== null || checks.closed !== null}
          onPress={() => setCheckoutOpen(true)}
        >
          {tf.concludeOrder(total)}
        </Button>
      )}
    />
  );
  const paths = deliveryPaths(ownerId);

  return (
    <div className={`ordering ordering-${mode}`}>
      {bridge}
      <header className="ordering-head">
        <div>
          <p className="ordering-eyebrow">{owner ? t.orderOnBehalf : (checks.venueName ?? '')}</p>
          <h1>{title}</h1>
        </div>
        {owner ? null : (
          <SectionNav
            label={t.deliverySections}
            items={[
              { to: paths.menu, label: t.sectionMenu },
              { to: paths.cart, label: t.sectionCart, badge: cartCount(lines) },
            ]}
          />
        )}
      </header>
      <div className="ordering-notices">
        {/* On the menu the reason shows above the dishes it switched off (MenuView). */}
        {blocked && (mode === 'cart' || checks.closed) ? <Alert tone="warning">{blocked}</Alert> : null}
      </div>
      {checks.closed ? (
        <ClosedVenue info={checks.closed} owner={owner} />
      ) : mode === 'menu' ? (
        <MenuArea
          ownerId={ownerId}
          source={actor}
          menuRound={menuRound}
          store={store}
          lines={lines}
          locked={checkoutOpen}
          cart={cart}
          sheetDismissed={checkoutOpen || success}
          disabledReason={blocked}
        />
      ) : (
        <div className="cart-page">{cart}</div>
      )}
      {checkoutOpen ? (
        <Suspense fallback={null}>
          <Checkout
            ownerId={ownerId}
            owner={owner}
            lines={lines}
            initialOptions={checks.options}
            socketId={() => owned.current.socketId}
            onClose={() => setCheckoutOpen(false)}
            onLeave={() => {
              setCheckoutOpen(false);
              retry();
            }}
            onPlaced={(answer) => {
              clearAfterOrder(store, ownerId);
              setCheckoutOpen(false);
              setPlaced(answer);
              if (owner) {
                owned.current.catchUp();
                sendToPrinter(answer).catch((err: unknown) => console.warn('sendToPrinter', err));
              }
            }}
          />
        </Suspense>
      ) : null}
      {placed ? (
        <Suspense fallback={null}>
          <DeliverySuccess
            ownerId={ownerId}
            owner={owner}
            placed={placed}
            onClose={() => {
              setPlaced(null);
              if (owner) onOwnerDone?.();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
