import { formatEuro, t, tf } from '@comanda/shared-schema';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Page } from '../../components/page.tsx';
import { call } from '../../data/api.ts';
import { useEntities, useOutboxSummary } from '../../data/hooks.ts';
import { useOrderBills } from '../../data/order-bills.ts';
import { useSyncReadiness } from '../../data/use-sync-readiness.ts';
import { ownerNavItems } from '../../layouts/owner/nav-items.ts';
import { useLive } from '../../live/use-live.ts';
import { SWITCH_REFUSED_REASONS } from '../../owner-switch/return-path.ts';
import { useOwnerSession } from '../../session/use-session.ts';
import { x } from '../../texts-extra.ts';
import { buildGlance } from './glance.ts';
import './owner-home.css';

/** The day so far, from the device's copy of the open orders: right with the Wi-Fi down too. */
/**
 * What today's completed orders took (the server's report for today): null while asking,
 * 'offline' when it cannot be asked. Read again when the connection comes back.
 */
function useRevenueToday(connected: boolean): number | null | 'offline' {
  const [revenue, setRevenue] = useState<number | null | 'offline'>(null);
  useEffect(() => {
    if (!connected) return;
    const ctl = new AbortController();
    call('reportOwnerGet', {}, { signal: ctl.signal })
      .then((answer) => setRevenue(answer.summary.revenue))
      .catch(() => {
        if (!ctl.signal.aborted) setRevenue('offline');
      });
    return () => ctl.abort();
  }, [connected]);
  return connected ? revenue : revenue === null ? 'offline' : revenue;
}

function TodayGlance() {
  const { status } = useLive();
  const revenue = useRevenueToday(status === 'connected');
  // A device that has not received the venue yet knows nothing of its orders: '…', not a zero.
  const { readiness } = useSyncReadiness();
  const orders = useEntities('order');
  const lines = useEntities('line');
  const bills = useOrderBills(orders, lines);
  const glance = useMemo(
    () => (orders && lines && bills ? buildGlance(orders, lines, bills) : null),
    [orders, lines, bills],
  );
  if (!glance) return null;
  const known = readiness === 'ready';
  const tiles: Array<{ label: string; value: string; to: string }> = [
    { label: t.openTablesLabel, value: known ? String(glance.openTables) : '…', to: '/owner/dashboard' },
    {
      label: t.pendingDeliveriesLabel,
      value: known ? String(glance.pendingDeliveries) : '…',
      to: '/owner/delivery',
    },
    { label: t.openOrdersValue, value: known ? formatEuro(glance.openValue) : '…', to: '/owner/dashboard' },
    {
      label: t.revenueToday,
      value: revenue === null ? '…' : revenue === 'offline' ? t.revenueNeedsConnection : formatEuro(revenue),
      to: '/owner/report',
    },
  ];
  return (
    <section className="glance" aria-labelledby="glance-title">
      <h2 id="glance-title">{t.todayGlance}</h2>
      <ul>
        {tiles.map((tile) => (
          <li key={tile.label}>
            <Link to={tile.to} className="glance-tile">
              <span className="glance-value">{tile.value}</span>
              <span className="glance-label">{tile.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Why a customer link opened the home instead (spec 1: the switch from a link could not be made). */
function switchRefusal(reason: string | null): string | null {
  if (reason === SWITCH_REFUSED_REASONS.pending) return t.ownerSwitchPending;
  if (reason === SWITCH_REFUSED_REASONS.offline) return t.ownerSwitchOffline;
  return null;
}

/**
 * `/owner/home`: the day at a glance (open tables, deliveries waiting, what the open orders are
 * worth), the connection and the changes waiting to be sent, and the way to every owner screen.
 */
export default function OwnerHomeScreen() {
  const { session } = useOwnerSession();
  const [params, setParams] = useSearchParams();
  const refusal = switchRefusal(params.get('reason'));
  // Closed for good: the reason leaves the address, so a reload does not show it again.
  const closeRefusal = () =>
    setParams(
      (current) => {
        current.delete('reason');
        return current;
      },
      { replace: true },
    );
  const { status } = useLive();
  const summary = useOutboxSummary();
  const pending = summary?.pending ?? 0;
  const statusText =
    status === 'connected' ? x.connected : status === 'connecting' ? x.connecting : x.disconnected;
  return (
    <Page title={session.name ? tf.welcome(session.name) : t.ownerHomeTitle}>
      <section className="status-row" aria-label={x.connectionState}>
        <span className={status === 'connected' ? 'badge badge-ok' : 'badge badge-warn'}>
          <span className="dot" aria-hidden="true" />
          {statusText}
        </span>
        <span className={pending > 0 ? 'badge badge-warn' : 'badge badge-ok'}>
          {pending > 0 ? tf.pendingChanges(pending) : x.allSaved}
        </span>
      </section>
      {refusal ? (
        <Alert tone="warning" className="alert-closable">
          <p>{refusal}</p>
          <Button variant="ghost" onPress={closeRefusal}>
            {t.close}
          </Button>
        </Alert>
      ) : null}
      <TodayGlance />
      <nav aria-label={t.ownerHomeTitle}>
        <ul className="launcher">
          {ownerNavItems.map((item) => (
            <li key={item.to}>
              <Link to={item.to}>
                <strong>{item.label}</strong>
                <span>{item.hint}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Page>
  );
}
