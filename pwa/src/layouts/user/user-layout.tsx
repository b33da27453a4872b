import { t } from '@comanda/shared-schema';
import { useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { logout } from '../../app/logout.ts';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { errorText } from '../../data/api.ts';
import { x } from '../../texts-extra.ts';

/** Frame of the customer screens: brand and logout. */
export default function UserLayout() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <header className="user-bar">
        <Link to="/user/home" className="brand">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          {x.appName}
        </Link>
        <Button
          variant="ghost"
          onPress={async () => {
            try {
              await logout();
              void navigate('/', { replace: true });
            } catch (err) {
              setError(errorText(err));
            }
          }}
        >
          {t.signOut}
        </Button>
      </header>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
