import { COOKIE_CONSENT_COOKIE } from '@comanda/shared-schema';

// Spec section 9: the consent lives in the cookie cookieConsent (`COOKIE_CONSENT_COOKIE`), for a year.
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function hasCookieConsent(cookies: string = document.cookie): boolean {
  return cookies.split(';').some((c) => c.trim().startsWith(`${COOKIE_CONSENT_COOKIE}=`));
}

export function storeCookieConsent(): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one plain first-party cookie; the Cookie Store API is not in Safari.
  document.cookie = `${COOKIE_CONSENT_COOKIE}=1; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
