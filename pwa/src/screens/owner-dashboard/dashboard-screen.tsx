import {
  CONFIRM_DELAY_MS,
  type KitchenFilter,
  orderBill,
  type ReservationLine,
  type RoomTable,
  t,
  tf,
} from '@comanda/shared-schema';
import { memo, useCallback, useMemo, useState } from 'react';
import { Link } from 'react-aria-components';
import { Alert } from '../../components/alert.tsx';
import { AmountToCollect } from '../../components/amount-to-collect.tsx';
import { AreaFilter } from '../../components/area-filter.tsx';
import { Button } from '../../components/button.tsx';
import { ChatSwitch } from '../../components/chat/chat-switch.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Loading } from '../../components/loading.tsx';
import { useSnackbar } from '../../components/snackbar.tsx';
import { type Toast, ToastRegion, useToasts } from '../../components/toasts.tsx';
import { AgeThresholdsContext, useAgeThresholdsState } from '../../data/kitchen-age.ts';
import { useKitchenFilter } from '../../data/kitchen-filter.ts';
import { useOrderBills } from '../../data/order-bills.ts';
import { useNow } from '../../data/use-now.ts';
import { useRefusalToasts } from '../../data/use-refusal-toasts.ts';
import { useSyncReadiness } from '../../data/use-sync-readiness.ts';
import { OrderViewDialog } from '../../order-view/index.ts';
import { PrinterStatus } from '../../printing/printer-status.tsx';
import { usePrinterError } from '../../printing/use-printing.ts';
import { x } from '../../texts-extra.ts';
import { ChatNotice } from './chat-notice.tsx';
import { isDeliveryOrder, nextStatus, type Ticket, ticketTitle } from './dashboard-logic.ts';
import { DeliveryButton } from './delivery-button.tsx';
import { OutOfMenuLauncher } from './out-of-menu-launcher.tsx';
import { type TicketActions, TicketCard } from './ticket-card.tsx';
import { DASHBOARD_CALLS, useDashboardData, useLiveHighlights, useTicketActions } from './use-dashboard.ts';
import { useVenueControls } from './use-venue-controls.ts';
import { WaiterCalls } from './waiter-calls.tsx';

/**
 * The dashboard's refusals told as toasts, in a component of its own: the outbox summary changes
 * with every status tap (pending, then sent), and read by the screen it re-drew the whole board
 * and toolbar for it, between the tap and the frame that shows the line's new status.
 */
function RefusalToasts({ notify }: { notify: (text: string) => void }) {
  useRefusalToasts(DASHBOARD_CALLS, notify);
  return null;
}

/**
 * The toolbar, memoised apart from the board: every status tap re-draws the screen for the one
 * ticket it changed, and the filter, the links and the switches (react-aria components, a dozen
 * hooks each) were drawn again with it, several times per tap, for nothing.
 */
const DashboardToolbar = memo(function DashboardToolbar({
  filter,
  onFilter,
  onToggleChat,
  notify,
}: {
  filter: KitchenFilter;
  onFilter: (filter: KitchenFilter) => void;
  onToggleChat: () => void;
  notify: (text: string) => void;
}) {
  return (
    <div className="dash-toolbar">
      <h1 className="dash-title">{x.navDashboard}</h1>
      <AreaFilter
        value={filter}
        onChange={onFilter}
        className="dash-filter"
        buttonClassName="dash-filter-button"
      />
      <Link href="/owner/kitchen" className="dash-filter-button dash-kitchen-link">
        {t.kitchenDisplay}
      </Link>
      <PrinterStatus />
      <ChatSwitch onToggle={onToggleChat} />
      <ChatNotice notify={notify} />
    </div>
  );
});

const NO_TICKETS: readonly Ticket[] = [];

/**
 * The floating buttons and the toasts share one dock at the foot, the page leaving room under its
 * last row for it (owner-dashboard.css): neither covers the other nor, at the end of the page, a
 * ticket. Memoised like the toolbar: a status tap on a table's line changes none of its props.
 */
const DashboardDock = memo(function DashboardDock({
  deliveries,
  toasts,
  onDismissToast,
  onDismissCall,
  fail,
}: {
  deliveries: readonly Ticket[];
  toasts: readonly Toast[];
  onDismissToast: (id: number) => void;
  onDismissCall: (table: RoomTable) => void;
  fail: (text: string) => void;
}) {
  return (
    <div className="dash-dock">
      <div className="dash-fab">
        <WaiterCalls onDismiss={onDismissCall} />
        <DeliveryButton />
        <OutOfMenuLauncher tickets={deliveries} />
      </div>
      <ToastRegion toasts={toasts} onDismiss={onDismissToast} className="dash-toasts" />
      <RefusalToasts notify={fail} />
    </div>
  );
});

/**
 * `/owner/dashboard` (spec 2.6, 4): every open table and accepted delivery with its lines, from
 * the device database so it keeps working while the Wi-Fi is down. 'Schermo cucina' opens the
 * kitchen display (`/owner/kitchen`), a screen of its own.
 */
export function DashboardScreen() {
  const { readiness, retry } = useSyncReadiness();
  const [filter, setFilter] = useKitchenFilter();
  const data = useDashboardData(filter);
  const now = useNow();
  const { toasts, show, dismiss } = useToasts();
  const notify = useSnackbar();
  const fail = useCallback((text: string) => show(text, 'danger'), [show]);
  const recent = useLiveHighlights(filter, show);
  const venue = useVenueControls(show, fail);
  // The thresholds set on this device's kitchen display colour the dashboard's tickets too.
  const [ageThresholds] = useAgeThresholdsState();

  const { setStatus, print, printKey, complete } = useTicketActions(filter, fail);
  // Spec 8: with the printer erroring, the order view's direct print is hidden (browser print stays).
  const printerError = usePrinterError();
  const [confirming, setConfirming] = useState<Ticket | null>(null);
  const [viewing, setViewing] = useState<Ticket | null>(null);

  const actions: TicketActions = useMemo(
    () => ({
      advance: (line: ReservationLine) => setStatus(line, nextStatus(line.status)),
      view: (ticket) => setViewing(ticket),
      print,
      complete: (ticket) => setConfirming(ticket),
    }),
    [setStatus, print],
  );

  // Each entry's real total (discount, delivery and card fees), by the rule of every screen.
  const bills = useOrderBills(data?.orders, data?.lines);
  const totalsOf = (ticket: Ticket) => bills?.get(ticket.key) ?? orderBill(ticket.order, ticket.lines);

  let body: React.ReactNode;
  if (readiness === 'failed' && !data?.tickets.length) {
    body = (
      <div className="dash-empty">
        <Alert tone="danger">{t.networkError}</Alert>
        <Button variant="primary" onPress={retry}>
          {t.retry}
        </Button>
      </div>
    );
  } else if (!data || readiness === 'loading') {
    body = <Loading />;
  } else if (data.tickets.length === 0) {
    body = <p className="dash-empty">{t.dashboardEmpty}</p>;
  } else {
    body = (
      <div className="dash-board">
        {data.tickets.map((ticket) => (
          <div key={ticket.key} className={recent.has(ticket.key) ? 'dash-slot dash-slot-new' : 'dash-slot'}>
            <TicketCard ticket={ticket} now={now} actions={actions} totals={totalsOf(ticket)} />
          </div>
        ))}
      </div>
    );
  }

  return (
    <AgeThresholdsContext.Provider value={ageThresholds}>
      <div className="dash">
        <DashboardToolbar
          filter={filter}
          onFilter={setFilter}
          onToggleChat={venue.toggleChat}
          notify={show}
        />
        {body}
        <DashboardDock
          deliveries={data?.deliveries ?? NO_TICKETS}
          toasts={toasts}
          onDismissToast={dismiss}
          onDismissCall={venue.discardCall}
          fail={fail}
        />
        {viewing && (
          <OrderViewDialog
            tableId={viewing.key}
            onClose={() => setViewing(null)}
            onPrint={printerError ? undefined : () => printKey(viewing.key, isDeliveryOrder(viewing.order))}
          />
        )}
        <ConfirmDialog
          question={confirming ? `${ticketTitle(confirming.order)}: ${t.completeOrderConfirm}` : ''}
          isOpen={confirming !== null}
          delayMs={CONFIRM_DELAY_MS}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            if (confirming) {
              complete(confirming);
              notify(tf.orderCompletedNotice(ticketTitle(confirming.order)));
            }
            setConfirming(null);
          }}
        >
          {confirming ? <AmountToCollect order={confirming.order} totals={totalsOf(confirming)} /> : null}
        </ConfirmDialog>
      </div>
    </AgeThresholdsContext.Provider>
  );
}
