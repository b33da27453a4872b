import { t, tf } from '@comanda/shared-schema';
import { NavLink } from 'react-router';

/** The customer routes of one table (spec 2.2 sections), URL-encoded as the QR code encodes them. */
export function tablePaths(ownerId: string, tableId: string) {
  const tail = `${encodeURIComponent(ownerId)}/${encodeURIComponent(tableId)}`;
  return {
    menu: `/user/reservation/${tail}`,
    history: `/user/history/${tail}`,
    cart: `/user/cart/${tail}`,
  };
}

/** Links between the table's menu, history and cart. */
export function TableNav({ ownerId, tableId, count }: { ownerId: string; tableId: string; count: number }) {
  const paths = tablePaths(ownerId, tableId);
  const items = [
    { to: paths.menu, label: t.sectionMenu },
    { to: paths.history, label: t.sectionHistory },
    { to: paths.cart, label: t.sectionCart, badge: count },
  ];
  return (
    <nav className="table-nav" aria-label={t.tableSections}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end>
              {item.label}
              {item.badge ? (
                <>
                  <span className="table-nav-badge" aria-hidden="true">
                    {tf.count(item.badge)}
                  </span>
                  <span className="visually-hidden">{` (${tf.cartCount(item.badge)})`}</span>
                </>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Re-exported for the screens, which decode their route parameters as the preload does. */
export { decodeParam } from './session-store.ts';
