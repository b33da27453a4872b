import { t } from '@comanda/shared-schema';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Link, NavLink, useNavigate } from 'react-router';
import { Button } from '../../components/button.tsx';
import { BrandMark } from '../../components/icons.tsx';
import { logout } from '../../session/logout.ts';
import { x } from '../../texts-extra.ts';
import { ownerNavItems } from './nav-items.ts';
import { PendingBadge } from './outbox-status.tsx';

const allItems = [{ to: '/owner/home', label: x.ownerHome }, ...ownerNavItems];

/** The owner's top bar: every owner screen, pending changes, logout. Narrow screens get a menu. */
export function OwnerTopBar({ onLogoutError }: { onLogoutError: (err: unknown) => void }) {
  const navigate = useNavigate();
  const signOut = async () => {
    try {
      await logout();
      void navigate('/signin', { replace: true });
    } catch (err) {
      onLogoutError(err);
    }
  };
  return (
    <header className="owner-bar">
      <Link to="/owner/home" className="brand">
        <BrandMark />
        <span className="brand-name">{x.appName}</span>
      </Link>
      <nav className="owner-nav" aria-label={x.mainNavigation}>
        <ul>
          {allItems.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>{item.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="owner-bar-end">
        <PendingBadge />
        <MenuTrigger>
          <Button variant="ghost" className="owner-menu-button" aria-label={x.openNavigation}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="currentColor">
              <rect x="3" y="5" width="18" height="2" rx="1" />
              <rect x="3" y="11" width="18" height="2" rx="1" />
              <rect x="3" y="17" width="18" height="2" rx="1" />
            </svg>
          </Button>
          <Popover className="popover" placement="bottom end">
            <Menu className="menu" aria-label={x.mainNavigation}>
              {allItems.map((item) => (
                <MenuItem key={item.to} id={item.to} href={item.to} className="menu-item">
                  {item.label}
                </MenuItem>
              ))}
              <MenuItem id="logout" className="menu-item" onAction={() => void signOut()}>
                {t.signOut}
              </MenuItem>
            </Menu>
          </Popover>
        </MenuTrigger>
        <Button variant="ghost" className="owner-logout" onPress={() => void signOut()}>
          {t.signOut}
        </Button>
      </div>
    </header>
  );
}
