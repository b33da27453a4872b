import { t, tf } from '@comanda/shared-schema';
import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The customer routes of one table (spec 2.2 sections), URL-encoded as the QR code encodes them. */
export function tablePaths(ownerId: string, tableId: string) {
  const tail = `${encodeURIComponent(ownerId)}/${encodeURIComponent(tableId)}`;
  return {
    menu: `/user/reservation/${tail}`,
    history: `/user/history/${tail}`,
    chat: `/user/chat/${tail}`,
    cart: `/user/cart/${tail}`,
  };
}

/** The same address, however its parameters were encoded and with or without a trailing slash. */
function samePath(a: string, b: string): boolean {
  const norm = (path: string) => {
    const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
    try {
      return decodeURIComponent(trimmed);
    } catch {
      return trimmed;
    }
  };
  return norm(a) === norm(b);
}

/** A plain left click, which the app handles; any other (new tab, download...) is the browser's. */
function isPlainClick(e: MouseEvent<HTMLAnchorElement>): boolean {
  return !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

export interface SectionLink {
  to: string;
  label: string;
  badge?: number;
}

/**
 * Links between the sections of an ordering screen (a table's menu, history and cart; a
 * delivery's menu and cart). Plain anchors that navigate in the app: the paths are absolute and
 * known, so react-router's NavLink (path resolution, route matching and a view-transition check
 * per link, on every cart change) would only add work to the menu's first render, where it
 * measured a tenth of the screen's own cost at 4x CPU slowdown.
 */
export function SectionNav({ items, label }: { items: readonly SectionLink[]; label: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <nav className="table-nav" aria-label={label}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <a
              href={item.to}
              aria-current={samePath(pathname, item.to) ? 'page' : undefined}
              onClick={(e) => {
                if (!isPlainClick(e)) return;
                e.preventDefault();
                void navigate(item.to);
              }}
            >
              {item.label}
              {item.badge ? (
                <>
                  <span className="table-nav-badge" aria-hidden="true">
                    {tf.count(item.badge)}
                  </span>
                  <span className="visually-hidden">{` (${tf.cartCount(item.badge)})`}</span>
                </>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A table's menu, history, chat and cart (spec 2.2 sections 0-3). */
export function TableNav({ ownerId, tableId, count }: { ownerId: string; tableId: string; count: number }) {
  const paths = tablePaths(ownerId, tableId);
  return (
    <SectionNav
      label={t.tableSections}
      items={[
        { to: paths.menu, label: t.sectionMenu },
        { to: paths.history, label: t.sectionHistory },
        { to: paths.chat, label: t.sectionChat },
        { to: paths.cart, label: t.sectionCart, badge: count },
      ]}
    />
  );
}

/** Re-exported for the screens, which decode their route parameters as the preload does. */
export { decodeParam } from './session-store.ts';
