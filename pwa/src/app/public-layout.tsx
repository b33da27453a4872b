import { t } from '@comanda/shared-schema';
import { Link, Outlet } from 'react-router';
import { BrandMark } from '../components/icons.tsx';
import { x } from '../texts-extra.ts';

/** Frame of the public pages: brand, sign-in link, legal links. */
export function PublicLayout() {
  return (
    <>
      <header className="site-header">
        <Link to="/" className="brand">
          <BrandMark />
          {x.appName}
        </Link>
        <Link to="/signin" className="btn btn-secondary">
          {t.signIn}
        </Link>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <Link to="/privacy">{x.privacyLink}</Link>
        <Link to="/terms">{x.termsLink}</Link>
      </footer>
    </>
  );
}
