import { deskTitle, linesToSend, type OrderRow, t, tf } from '@comanda/shared-schema';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Alert } from '../components/alert.tsx';
import { Button } from '../components/button.tsx';
import { Loading } from '../components/loading.tsx';
import { useDocumentTitle } from '../components/page.tsx';
import { errorText } from '../data/api.ts';
import { useEntities, useSyncClient } from '../data/hooks.ts';
import { CardLockedNote } from '../order-view/card-locked-note.tsx';
import { amountsLocked } from '../order-view/order-logic.ts';
import { CartPanel, useCart } from '../ordering/cart-panel.tsx';
import { cartStoreFor } from '../ordering/cart-store.ts';
import { MenuArea } from '../ordering/menu-area.tsx';
import { OwnerLiveBridge, ownerLinks } from '../ordering/owner-live-bridge.tsx';
import '../ordering/ordering.css';

const OrderSuccess = lazy(() =>
  import('../ordering/order-success.tsx').then((m) => ({ default: m.OrderSuccess })),
);

/**
 * The owner adds dishes to an open delivery or pickup (`/api/reservation/user/orderRoomCart`,
 * spec 7), titled with the delivery as the desk names it (spec 2.7 'the delivery form label').
 * The send is an outbox mutation: with the Wi-Fi down it waits on this device and goes once the
 * connection is back; the lines appear on the dashboard when the server has priced them.
 */
export function AddToDelivery({
  ownerId,
  deliveryId,
  onDone,
}: {
  ownerId: string;
  deliveryId: string;
  onDone: () => void;
}) {
  const orders = useEntities('order');
  const order = orders?.find((o): o is OrderRow => o.id === deliveryId && o.deliveryId != null);
  const store = useMemo(() => cartStoreFor(`delivery-add:${deliveryId}`), [deliveryId]);
  const { lines } = useCart(store);
  const sync = useSyncClient();
  const [menuRound, setMenuRound] = useState(0);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const owned = useRef(ownerLinks()).current;
  const title = order ? deskTitle(order) : t.addToDeliveryTitle;
  useDocumentTitle(title);

  if (!orders) return <Loading />;
  if (!order) {
    return (
      <div className="ordering">
        <h1>{t.addToDeliveryTitle}</h1>
        <Alert tone="danger">{t.deliveryNotOpen}</Alert>
      </div>
    );
  }
  // A card order costs what its payment charged, so it takes no more dishes (the server refuses
  // them); reached by an old link or a bookmark, the screen says why instead of offering a menu
  // whose send would fail.
  if (amountsLocked(order)) {
    return (
      <div className="ordering">
        <p className="ordering-eyebrow">{t.addToDeliveryTitle}</p>
        <h1>{title}</h1>
        <CardLockedNote />
        <Button variant="secondary" onPress={onDone}>
          {t.back}
        </Button>
      </div>
    );
  }

  const send = () => {
    setSending(true);
    setError(null);
    const socketId = owned.current.socketId;
    sync
      .mutate('userOrderRoomCart', {
        cart: linesToSend(lines),
        deliveryId,
        ownerId,
        ...(socketId ? { socketId } : {}),
      })
      .then(() => {
        store.clear();
        setSuccess(true);
      })
      .catch((err: unknown) => setError(errorText(err)))
      .finally(() => setSending(false));
  };

  return (
    <div className="ordering ordering-menu">
      <OwnerLiveBridge onMenuChanged={() => setMenuRound((n) => n + 1)} links={owned} />
      <header className="ordering-head">
        <div>
          <p className="ordering-eyebrow">{t.addToDeliveryTitle}</p>
          <h1>{title}</h1>
        </div>
      </header>
      <MenuArea
        ownerId={ownerId}
        source="owner"
        menuRound={menuRound}
        store={store}
        lines={lines}
        locked={sending}
        sheetDismissed={success}
        cart={
          <CartPanel
            store={store}
            lines={lines}
            locked={sending}
            status={error ? <p className="cart-blocked">{error}</p> : null}
            action={(total) => (
              <Button
                variant="primary"
                block
                className="order-button"
                isDisabled={lines.length === 0 || sending}
                onPress={send}
              >
                {tf.orderButton(total)}
              </Button>
            )}
          />
        }
      />
      {success ? (
        <Suspense fallback={null}>
          <OrderSuccess
            owner
            onClose={() => {
              setSuccess(false);
              onDone();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
