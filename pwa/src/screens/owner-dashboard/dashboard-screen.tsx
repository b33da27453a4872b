import {
  KITCHEN_FILTERS,
  type KitchenFilter,
  orderSubtotal,
  type ReservationLine,
  t,
} from '@comanda/shared-schema';
import { useCallback, useMemo, useState } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Loading } from '../../components/loading.tsx';
import { useRefusalToasts } from '../../data/use-refusal-toasts.ts';
import { OrderViewDialog } from '../../order-view/index.ts';
import { PrinterStatus } from '../../printing/printer-status.tsx';
import { usePrinterError } from '../../printing/use-printing.ts';
import { x } from '../../texts-extra.ts';
import { useSyncReadiness } from '../owner-room/use-room-data.ts';
import { AgeSettings } from './age-settings.tsx';
import { ChatNotice } from './chat-notice.tsx';
import { ChatSwitch } from './chat-switch.tsx';
import { isDeliveryOrder, lineKey, nextStatus, type Ticket, ticketTitle } from './dashboard-logic.ts';
import { DeliveryButton } from './delivery-button.tsx';
import { AgeThresholdsContext, useAgeThresholdsState } from './kitchen-age.ts';
import { OutOfMenuLauncher } from './out-of-menu-launcher.tsx';
import { type TicketActions, TicketCard } from './ticket-card.tsx';
import { ToastRegion, useToasts } from './toasts.tsx';
import {
  DASHBOARD_CALLS,
  useDashboardData,
  useKitchenFilter,
  useLiveHighlights,
  useNow,
  useTicketActions,
} from './use-dashboard.ts';
import { useVenueControls } from './use-venue-controls.ts';
import { useWakeLock } from './use-wake-lock.ts';
import { WaiterCalls } from './waiter-calls.tsx';

const FILTER_LABELS: Record<KitchenFilter, string> = {
  tutto: t.kitchenFilterAll,
  cucina: t.kitchenAreaKitchen,
  bar: t.kitchenAreaBar,
  fritti: t.kitchenAreaFried,
};

/**
 * `/owner/dashboard` (spec 2.6, 4): every open table and accepted delivery with its lines, from
 * the device database so it keeps working while the Wi-Fi is down. `?kitchen=1` (or the
 * 'Schermo cucina' switch) is the wall screen: large tickets, oldest first, screen kept awake.
 */
export function DashboardScreen() {
  const { readiness, retry } = useSyncReadiness();
  const [filter, setFilter] = useKitchenFilter();
  const [params, setParams] = useSearchParams();
  const kitchen = params.get('kitchen') === '1';
  const data = useDashboardData(filter);
  const now = useNow();
  const { toasts, show, dismiss } = useToasts();
  const fail = useCallback((text: string) => show(text, 'danger'), [show]);
  const recent = useLiveHighlights(filter, show);
  useRefusalToasts(DASHBOARD_CALLS, fail);
  const venue = useVenueControls(show, fail);
  useWakeLock(kitchen);
  const [ageThresholds, setAgeThresholds] = useAgeThresholdsState();

  const lines = data?.lines ?? [];
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

  const subtotals = useMemo(() => {
    const byKey = new Map<string, ReservationLine[]>();
    for (const l of lines) {
      const key = lineKey(l);
      if (key === null) continue;
      const list = byKey.get(key);
      if (list) list.push(l);
      else byKey.set(key, [l]);
    }
    return new Map([...byKey].map(([k, ls]) => [k, orderSubtotal(ls)]));
  }, [lines]);

  const toggleKitchen = () => {
    const next = new URLSearchParams(params);
    if (kitchen) next.delete('kitchen');
    else next.set('kitchen', '1');
    setParams(next, { replace: true });
  };

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
            <TicketCard
              ticket={ticket}
              now={now}
              actions={actions}
              subtotal={subtotals.get(ticket.key) ?? 0}
            />
          </div>
        ))}
      </div>
    );
  }

  return (
    <AgeThresholdsContext.Provider value={ageThresholds}>
      <div className={kitchen ? 'dash dash-kitchen' : 'dash'}>
        <div className="dash-toolbar">
          <h1 className="dash-title">{x.navDashboard}</h1>
          <ToggleButtonGroup
            aria-label={t.kitchenFilterLabel}
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={[filter]}
            onSelectionChange={(keys) => {
              const [first] = [...keys];
              if (typeof first === 'string' && (KITCHEN_FILTERS as readonly string[]).includes(first)) {
                setFilter(first as KitchenFilter);
              }
            }}
            className="dash-filter"
          >
            {KITCHEN_FILTERS.map((f) => (
              <ToggleButton key={f} id={f} className="dash-filter-button">
                {FILTER_LABELS[f]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <ToggleButton
            isSelected={kitchen}
            onChange={toggleKitchen}
            className="dash-filter-button dash-kitchen-toggle"
          >
            {t.kitchenDisplay}
          </ToggleButton>
          {kitchen && <AgeSettings thresholds={ageThresholds} onChange={setAgeThresholds} />}
          <PrinterStatus />
          <ChatSwitch onToggle={venue.toggleChat} />
          <ChatNotice notify={show} />
        </div>
        {body}
        <div className="dash-fab">
          <WaiterCalls onDismiss={venue.discardCall} />
          <DeliveryButton />
          <OutOfMenuLauncher tickets={data?.tickets ?? []} />
        </div>
        {viewing && (
          <OrderViewDialog
            tableId={viewing.key}
            onClose={() => setViewing(null)}
            onPrint={printerError ? undefined : () => printKey(viewing.key, isDeliveryOrder(viewing.order))}
          />
        )}
        <ToastRegion toasts={toasts} onDismiss={dismiss} />
        <ConfirmDialog
          question={confirming ? `${ticketTitle(confirming.order)}: ${t.completeOrderConfirm}` : ''}
          isOpen={confirming !== null}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            if (confirming) complete(confirming);
            setConfirming(null);
          }}
        />
      </div>
    </AgeThresholdsContext.Provider>
  );
}
