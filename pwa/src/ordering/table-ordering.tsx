import { cartCount, orderSubtotal, t, tf } from '@comanda/shared-schema';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../components/alert.tsx';
import { Button, buttonClass } from '../components/button.tsx';
import { Loading } from '../components/loading.tsx';
import { useDocumentTitle } from '../components/page.tsx';
import { ApiError } from '../data/errors.ts';
import { CallWaiter } from './call-waiter.tsx';
import { CartPanel, useCart } from './cart-panel.tsx';
import { cartStoreFor, clearAfterOrder, eraseOrder, tableScope } from './cart-store.ts';
import { ClosedVenue } from './closed-venue.tsx';
import { MenuArea } from './menu-area.tsx';
import { OwnerLiveBridge, ownerLinks } from './owner-live-bridge.tsx';
import { sendToPrinter } from './print-hook.ts';
import { rememberOrder, rememberVisit } from './recent-visits.ts';
import { postTableOrder, type TableOrderBody } from './send-order.ts';
import { SendStatus } from './send-status.tsx';
import { patchUserCache, readUserCache } from './session-store.ts';
import { TableNav, tablePaths } from './table-nav.tsx';
import { useCustomerLive } from './use-customer-live.ts';
import { useOrderSender } from './use-order-sender.ts';
import { useTableChecks } from './use-table-checks.ts';
import './ordering.css';

export type OrderingRole = 'user' | 'owner';

const OrderSuccess = lazy(() => import('./order-success.tsx').then((m) => ({ default: m.OrderSuccess })));

export interface TableOrderingProps {
  ownerId: string;
  tableId: string;
  actor: OrderingRole;
  /** 'menu': the menu dialog with its cart; 'cart': the cart alone (`/user/cart/...`). */
  mode: 'menu' | 'cart';
  /** Owner: the success screen's 'Chiudi' (back to the room). */
  onOwnerDone?: () => void;
}

/**
 * Ordering for one table, shared by `/user/reservation`, `/user/cart` and `/owner/reservation`:
 * the checks, the menu, the cart in session storage, the send with retries, the live events, and
 * the result. Customers see why nothing can be sent (invalid table, ordering disabled, venue
 * closed); an owner orders with `isOwner: true`, no payment choice and no service fee.
 */
export function TableOrdering({ ownerId, tableId, actor, mode, onOwnerDone }: TableOrderingProps) {
  const owner = actor === 'owner';
  const scope = tableScope(ownerId, tableId);
  const store = useMemo(() => cartStoreFor(scope), [scope]);
  const { lines, attempt } = useCart(store);
  const { checks, retry, setOrderEnabled, refreshFlags } = useTableChecks(ownerId, tableId, scope, actor);
  const [erased, setErased] = useState(() => readUserCache(scope)?.orderErased === true);
  const [success, setSuccess] = useState(false);
  const [menuRound, setMenuRound] = useState(0);
  const owned = useRef(ownerLinks()).current;

  const live = useCustomerLive(
    ownerId,
    tableId,
    {
      onEraseOrder: () => {
        eraseOrder(store, ownerId);
        setErased(true);
      },
      onOrderEnabled: setOrderEnabled,
      onMenuChanged: () => setMenuRound((n) => n + 1),
      onReconnect: refreshFlags,
      onVenueChanged: refreshFlags,
    },
    !owner && checks.state === 'ready',
  );

  // The customer's home lists the tables this phone ordered at (recent-visits.ts).
  const readyVenue = checks.state === 'ready' ? checks.venueName : undefined;
  const readyNumber = checks.state === 'ready' ? checks.tableNumber : null;
  useEffect(() => {
    if (owner || readyVenue === undefined) return;
    rememberVisit({ ownerId, venueName: readyVenue, tableId, tableNumber: readyNumber });
  }, [owner, ownerId, tableId, readyVenue, readyNumber]);

  const sender = useOrderSender({
    store,
    makeBody: (cart): TableOrderBody => {
      const socketId = owner ? owned.current.socketId : live.connection?.socketId;
      return {
        cart,
        tableId,
        ownerId,
        ...(owner ? { isOwner: true } : {}),
        ...(socketId ? { socketId } : {}),
      };
    },
    post: postTableOrder,
    // Closed or switched off meanwhile: the screen shows why at once, not only the refusal.
    onRefused: (err) => {
      if (err instanceof ApiError && (err.code === 'VENUE_CLOSED' || err.code === 'ORDER_DISABLED'))
        refreshFlags();
    },
    onSuccess: (answer) => {
      clearAfterOrder(store, ownerId);
      setErased(false);
      setSuccess(true);
      if (!owner) {
        rememberOrder({
          ownerId,
          venueName: readyVenue ?? null,
          kind: 'table',
          tableNumber: readyNumber,
          // What was sent, by the rule of every total (a table has no fee; a discount comes later).
          total: orderSubtotal(answer.lines),
        });
      }
      if (owner) {
        owned.current.catchUp();
        sendToPrinter(answer).catch((err: unknown) => console.warn('sendToPrinter', err));
      }
    },
  });

  const title = checks.state === 'ready' && checks.tableNumber ? tf.table(checks.tableNumber) : t.table;
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

  const blocked = !owner && !checks.orderEnabled ? t.orderingDisabled : null;
  const cart = (
    <CartPanel
      store={store}
      lines={lines}
      locked={sender.busy}
      status={
        <>
          {blocked && lines.length > 0 ? <p className="cart-blocked">{blocked}</p> : null}
          <SendStatus
            phase={sender.phase}
            hasPendingAttempt={attempt !== null}
            onRetry={sender.retry}
            onDismiss={sender.dismiss}
          />
        </>
      }
      action={(total) => (
        <Button
          variant="primary"
          block
          className="order-button"
          isDisabled={lines.length === 0 || sender.busy || blocked !== null}
          onPress={sender.send}
        >
          {tf.orderButton(total)}
        </Button>
      )}
    />
  );

  return (
    <div className={`ordering ordering-${mode}`}>
      {bridge}
      <header className="ordering-head">
        <div>
          <p className="ordering-eyebrow">{owner ? t.orderOnBehalf : (checks.venueName ?? '')}</p>
          <h1>{title}</h1>
        </div>
        {owner ? null : <TableNav ownerId={ownerId} tableId={tableId} count={cartCount(lines)} />}
      </header>
      <div className="ordering-notices">
        {owner ? null : <CallWaiter ownerId={ownerId} tableId={tableId} connection={live.connection} />}
        {/* On the menu the reason shows above the dishes it switched off (MenuView). */}
        {blocked && (mode === 'cart' || checks.closed) ? <Alert tone="warning">{blocked}</Alert> : null}
        {erased ? (
          <Alert tone="info" className="ordering-dismissable">
            <span>{t.orderErased}</span>
            <Button
              variant="ghost"
              onPress={() => {
                patchUserCache(scope, ownerId, { orderErased: false });
                setErased(false);
              }}
            >
              {t.close}
            </Button>
          </Alert>
        ) : null}
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
          locked={sender.busy}
          cart={cart}
          sheetDismissed={success}
          disabledReason={blocked}
        />
      ) : (
        <div className="cart-page">{cart}</div>
      )}
      {success ? (
        <Suspense fallback={null}>
          <OrderSuccess
            owner={owner}
            closeIsMain={false}
            onClose={() => {
              setSuccess(false);
              if (owner) onOwnerDone?.();
            }}
          >
            {/* A table's order sends no e-mail: its state is in Storico (spec 2.2 section 1). */}
            <p>{t.tableOrderInHistory}</p>
            <Link to={tablePaths(ownerId, tableId).history} className={buttonClass('primary', true)}>
              {t.goToHistory}
            </Link>
          </OrderSuccess>
        </Suspense>
      ) : null}
    </div>
  );
}
