/** Spec section 9: the consent lives in a cookie named cookieConsent. */
export const COOKIE_CONSENT = 'cookieConsent';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function hasCookieConsent(cookies: string = document.cookie): boolean {
  return cookies.split(';').some((c) => c.trim().startsWith(`${COOKIE_CONSENT}=`));
}

export function storeCookieConsent(): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one plain first-party cookie; the Cookie Store API is not in Safari.
  document.cookie = `${COOKIE_CONSENT}=1; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
