import { t } from '@comanda/shared-schema';
import { useState } from 'react';
import { Link } from 'react-router';
import { x } from '../texts-extra.ts';
import { Button } from './button.tsx';
import { hasCookieConsent, storeCookieConsent } from './cookie-consent.ts';

/** The cookie notice of spec section 2.1: 'Chiudi' stores `cookieConsent` for a year. */
export function CookieBanner() {
  const [open, setOpen] = useState(() => !hasCookieConsent());
  if (!open) return null;
  return (
    <section className="toast" aria-label={x.cookieBannerLabel}>
      <p>
        {t.cookieBanner} <Link to="/privacy">{x.cookieMore}</Link>
      </p>
      <Button
        variant="secondary"
        onPress={() => {
          storeCookieConsent();
          setOpen(false);
        }}
      >
        {t.close}
      </Button>
    </section>
  );
}
