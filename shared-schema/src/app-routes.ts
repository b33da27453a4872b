/**
 * Every path the web app has a screen for (spec sections 2.1-2.3, and the screens added since),
 * as react-router patterns. One list for the server, which answers any other path with 404 and
 * the app shell (spec 2.1: "Any other path shows a 404 page titled 'Pagina non trovata'"), and
 * for the service worker, which serves the cached shell offline for these paths only. The PWA's
 * router must name exactly these (`pwa/src/app/routes-list.test.ts`).
 */
export const APP_ROUTES = [
  '/',
  '/privacy',
  '/terms',
  '/signin',
  '/user/signup',
  '/owner/signup',
  '/user/restorePassword',
  '/owner/restorePassword',
  '/user/restorePassword/:requestId/:userId',
  '/owner/restorePassword/:requestId/:userId',
  '/owner/confirmEmail/:token',
  '/user/confirmEmail/:token',
  '/owner/home',
  '/owner/dashboard',
  '/owner/kitchen',

  '/owner/room',
  '/owner/tables',
  '/owner/menu',
  '/owner/delivery',
  '/owner/chat',
  '/owner/report',
  '/owner/profile',
  '/owner/print',
  '/owner/reservation/:ownerId',
  '/owner/reservation/:ownerId/:tableId',
  '/user/home',
  '/user/reservation/:ownerId/:tableId',
  '/user/history/:ownerId/:tableId',
  '/user/chat/:ownerId/:tableId',
  '/user/cart/:ownerId/:tableId',
  '/user/delivery/:ownerId',
  '/user/deliverycart/:ownerId',
  '/user/deliverySuccessPayment/:ownerId',
] as const;

export type AppRoute = (typeof APP_ROUTES)[number];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A route pattern as react-router matches it: case-insensitive, a `:param` is one non-empty
 * segment, one trailing slash allowed. The query string may follow (the service worker tests a
 * navigation's path and query together; the server tests the path alone).
 */
export function appRoutePattern(route: string): RegExp {
  const body = route
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
    .join('/');
  return new RegExp(`^/${body}${body ? '/?' : ''}(?:\\?.*)?$`, 'i');
}

const PATTERNS = APP_ROUTES.map(appRoutePattern);

/** Is `pathname` (no query string) one of the app's screens? */
export function isAppRoute(pathname: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(pathname));
}
