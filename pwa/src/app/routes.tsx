import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { Loading } from '../components/loading.tsx';
import type { OwnerRouteHandle } from '../layouts/owner/owner-layout.tsx';
import { startTableReads } from '../ordering/table-preload.ts';
import { newUserSession, ownerGuard, userGuard } from './guards.ts';
import { screen } from './lazy-screen.ts';
import { PublicLayout } from './public-layout.tsx';
import { RootLayout, RouteError } from './root-layout.tsx';

/**
 * A table route's loader: starts the table checks and the menu beside the guard instead of after
 * it and the screen's code (see `ordering/table-preload.ts`). It waits for nothing, so the guard
 * alone still decides whether the screen renders.
 */
function tableReads(role: 'user' | 'owner', mode: 'menu' | 'cart') {
  return ({ params }: LoaderFunctionArgs): null => {
    // A first visit from a QR code: the guard makes a guest session, then a refused read goes again.
    startTableReads(params, role, mode, role === 'user' ? newUserSession : undefined);
    return null;
  };
}

/**
 * Every route of spec sections 2.1-2.3. Each screen is its own lazy chunk under
 * `src/screens/<route-name>/`; the owner and customer areas sit behind their guards.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: Loading,
    children: [
      {
        Component: PublicLayout,
        children: [
          { index: true, lazy: screen(() => import('../screens/home/index.tsx')) },
          { path: 'privacy', lazy: screen(() => import('../screens/privacy/index.tsx')) },
          { path: 'terms', lazy: screen(() => import('../screens/terms/index.tsx')) },
          { path: 'signin', lazy: screen(() => import('../screens/signin/index.tsx')) },
          { path: 'user/signup', lazy: screen(() => import('../screens/user-signup/index.tsx')) },
          { path: 'owner/signup', lazy: screen(() => import('../screens/owner-signup/index.tsx')) },
          {
            path: 'user/restorePassword',
            lazy: screen(() => import('../screens/restore-password/index.tsx')),
          },
          {
            path: 'owner/restorePassword',
            lazy: screen(() => import('../screens/restore-password/index.tsx')),
          },
          {
            path: 'user/restorePassword/:requestId/:userId',
            lazy: screen(() => import('../screens/restore-password-set/index.tsx')),
          },
          {
            path: 'owner/restorePassword/:requestId/:userId',
            lazy: screen(() => import('../screens/restore-password-set/index.tsx')),
          },
          {
            path: 'owner/confirmEmail/:token',
            lazy: screen(() => import('../screens/owner-confirm-email/index.tsx')),
          },
          // Customers confirm their address too: the same screen and call.
          {
            path: 'user/confirmEmail/:token',
            lazy: screen(() => import('../screens/owner-confirm-email/index.tsx')),
          },
          { path: '*', lazy: screen(() => import('../screens/not-found/index.tsx')) },
        ],
      },
      {
        id: 'owner',
        loader: ownerGuard,
        // Not revalidated on every owner navigation: the layout re-checks on reconnect instead.
        shouldRevalidate: () => false,
        lazy: screen(() => import('./owner-frame.tsx')),
        children: [
          { path: 'owner/home', lazy: screen(() => import('../screens/owner-home/index.tsx')) },
          { path: 'owner/dashboard', lazy: screen(() => import('../screens/owner-dashboard/index.tsx')) },
          // The kitchen display: full screen, no owner navigation (owner-layout.tsx 'bare').
          {
            path: 'owner/kitchen',
            handle: { frame: 'bare' } satisfies OwnerRouteHandle,
            lazy: screen(() => import('../screens/kitchen/index.tsx')),
          },
          { path: 'owner/room', lazy: screen(() => import('../screens/owner-room/index.tsx')) },
          { path: 'owner/tables', lazy: screen(() => import('../screens/owner-tables/index.tsx')) },
          { path: 'owner/menu', lazy: screen(() => import('../screens/owner-menu/index.tsx')) },
          { path: 'owner/delivery', lazy: screen(() => import('../screens/owner-delivery/index.tsx')) },
          { path: 'owner/chat', lazy: screen(() => import('../screens/owner-chat/index.tsx')) },
          { path: 'owner/report', lazy: screen(() => import('../screens/owner-report/index.tsx')) },
          { path: 'owner/profile', lazy: screen(() => import('../screens/owner-profile/index.tsx')) },
          { path: 'owner/print', lazy: screen(() => import('../printing/print-view-screen.tsx')) },
          {
            path: 'owner/reservation/:ownerId',
            lazy: screen(() => import('../screens/owner-reservation/index.tsx')),
          },
          {
            path: 'owner/reservation/:ownerId/:tableId',
            loader: tableReads('owner', 'menu'),
            lazy: screen(() => import('../screens/owner-reservation/index.tsx')),
          },
        ],
      },
      {
        id: 'user',
        loader: userGuard,
        shouldRevalidate: () => false,
        lazy: screen(() => import('../layouts/user/user-layout.tsx')),
        children: [
          { path: 'user/home', lazy: screen(() => import('../screens/user-home/index.tsx')) },
          {
            path: 'user/reservation/:ownerId/:tableId',
            loader: tableReads('user', 'menu'),
            lazy: screen(() => import('../screens/user-reservation/index.tsx')),
          },
          {
            path: 'user/history/:ownerId/:tableId',
            lazy: screen(() => import('../screens/user-history/index.tsx')),
          },
          {
            path: 'user/chat/:ownerId/:tableId',
            lazy: screen(() => import('../screens/user-chat/index.tsx')),
          },
          {
            path: 'user/cart/:ownerId/:tableId',
            loader: tableReads('user', 'cart'),
            lazy: screen(() => import('../screens/user-cart/index.tsx')),
          },
          {
            path: 'user/delivery/:ownerId',
            lazy: screen(() => import('../screens/user-delivery/index.tsx')),
          },
          {
            path: 'user/deliverycart/:ownerId',
            lazy: screen(() => import('../screens/user-delivery-cart/index.tsx')),
          },
          {
            path: 'user/deliverySuccessPayment/:ownerId',
            lazy: screen(() => import('../screens/user-delivery-success-payment/index.tsx')),
          },
        ],
      },
    ],
  },
];
