import { formatEuro, romeTime, t, tf } from '@comanda/shared-schema';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button.tsx';
import { Page } from '../../components/page.tsx';
import {
  forgetRecent,
  type RecentOrder,
  type RecentVisit,
  readRecent,
} from '../../ordering/recent-visits.ts';
import { useUserSession } from '../../session/use-session.ts';
import { x } from '../../texts-extra.ts';
import './user-home.css';

function visitPath(visit: RecentVisit): string {
  const owner = encodeURIComponent(visit.ownerId);
  return visit.tableId
    ? `/user/reservation/${owner}/${encodeURIComponent(visit.tableId)}`
    : `/user/delivery/${owner}`;
}

function visitLabel(visit: RecentVisit): string {
  const venue = visit.venueName ?? '';
  const where = visit.tableNumber ? tf.table(visit.tableNumber) : visit.tableId ? t.table : t.deliveryPage;
  return venue ? tf.recentTable(where, venue) : where;
}

function orderLabel(order: RecentOrder): string {
  const where =
    order.kind === 'table'
      ? order.tableNumber
        ? tf.table(order.tableNumber)
        : t.table
      : order.kind === 'consegna'
        ? t.delivery
        : t.pickup;
  return order.venueName ? tf.recentTable(where, order.venueName) : where;
}

function when(iso: string): string {
  try {
    const rome = romeTime(iso);
    return `${rome.date.split('-').reverse().join('/')} ${rome.time}`;
  } catch {
    return '';
  }
}

/**
 * `/user/home`: where a customer or guest lands. The venues this phone ordered from
 * and its last orders (kept on the device, see recent-visits.ts), each a tap away from its menu;
 * and how to start when there are none: scan the table's QR code or open the venue's link.
 */
export default function UserHomeScreen() {
  const guarded = useUserSession();
  const [recent, setRecent] = useState(() => readRecent());
  const empty = recent.visits.length === 0 && recent.orders.length === 0;
  return (
    <Page title={t.userHomeTitle} reading>
      {guarded?.session.isAnonymus ? <p className="badge">{x.userHomeGuest}</p> : null}
      {recent.visits.length > 0 ? (
        <section className="card user-home-section" aria-labelledby="recent-venues">
          <h2 id="recent-venues">{t.recentVenues}</h2>
          <ul className="user-home-list">
            {recent.visits.map((visit) => (
              <li key={`${visit.ownerId}/${visit.tableId ?? ''}`}>
                <Link to={visitPath(visit)} className="user-home-link">
                  {visitLabel(visit)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {recent.orders.length > 0 ? (
        <section className="card user-home-section" aria-labelledby="recent-orders">
          <h2 id="recent-orders">{t.recentOrders}</h2>
          <ul className="user-home-list">
            {recent.orders.map((order) => (
              <li key={order.at} className="user-home-order">
                <span>
                  <strong>{orderLabel(order)}</strong>
                  <span className="field-hint">{when(order.at)}</span>
                </span>
                <span>{formatEuro(order.total)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {empty ? null : (
        <p className="user-home-kept">
          {t.recentKept}{' '}
          <Button
            variant="ghost"
            onPress={() => {
              forgetRecent();
              setRecent(readRecent());
            }}
          >
            {t.forgetRecent}
          </Button>
        </p>
      )}
      <div className="card">
        <p>
          <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" fill="currentColor">
            <path d="M3 3h7v7H3zm2 2v3h3V5zm9-2h7v7h-7zm2 2v3h3V5zM3 14h7v7H3zm2 2v3h3v-3zm9-2h2v2h-2zm2 2h2v2h-2zm2-2h3v2h-3zm-4 4h2v3h-2zm4 0h3v3h-3z" />
          </svg>
        </p>
        <p>{x.userHomeScan}</p>
        <p>{x.userHomeDelivery}</p>
      </div>
    </Page>
  );
}
