import { t } from '@comanda/shared-schema';
import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button, buttonClass } from '../../components/button.tsx';
import { BrandMark } from '../../components/icons.tsx';
import { errorText } from '../../data/api.ts';
import { forgetKeptCart } from '../../ordering/cart-store.ts';
import { OwnerSwitchBanner } from '../../owner-switch/switch-banner.tsx';
import { logout } from '../../session/logout.ts';
import { savePrecUrl } from '../../session/session.ts';
import { useUserSession } from '../../session/use-session.ts';
import { x } from '../../texts-extra.ts';

/**
 * Frame of the customer screens: brand, and 'Accedi' for a guest (one tap from any screen: the
 * address is kept, so the sign-in comes back here with the cart as it was) or 'Esci' for an
 * account.
 */
export default function UserLayout() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const guarded = useUserSession();
  const guest = guarded?.session.isAnonymus === true;
  // The owner ordering as a customer (spec 1): the banner's way back instead of 'Accedi', which
  // would leave the switched session behind.
  const ownerSwitch = guarded?.session.ownerSwitch === true;
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <header className="user-bar">
        <Link to="/user/home" className="brand">
          <BrandMark />
          {x.appName}
        </Link>
        {ownerSwitch ? null : guest ? (
          <Link
            to="/signin"
            className={buttonClass('secondary')}
            onClick={() => savePrecUrl(`${pathname}${search}`)}
          >
            {t.signIn}
          </Link>
        ) : (
          <Button
            variant="ghost"
            onPress={async () => {
              try {
                await logout();
                forgetKeptCart();
                void navigate('/', { replace: true });
              } catch (err) {
                setError(errorText(err));
              }
            }}
          >
            {t.signOut}
          </Button>
        )}
      </header>
      {ownerSwitch ? <OwnerSwitchBanner /> : null}
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
