/**
 * The lazy modules of the owner's routes (`app/routes.tsx`, the `owner` route and its children),
 * from `src/`: what only they load is precached on an owner's device alone (`owner-precache.ts`).
 * A test holds this list equal to the router's.
 */
export const OWNER_ROUTE_MODULES: readonly string[] = [
  'app/owner-frame.tsx',
  ...[
    'home',
    'dashboard',
    'room',
    'tables',
    'menu',
    'delivery',
    'chat',
    'report',
    'profile',
    'reservation',
  ].map((screen) => `screens/owner-${screen}/index.tsx`),
  'screens/kitchen/index.tsx',
  'printing/print-view-screen.tsx',
];
