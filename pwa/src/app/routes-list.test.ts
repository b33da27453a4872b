import { APP_ROUTES, isAppRoute } from '@comanda/shared-schema';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.tsx';

/** Every full path pattern the router has a screen for (layout routes add none; '*' is not one). */
function screenPaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const here = route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
    const own =
      route.index || (route.path !== undefined && route.path !== '*' && !route.children) ? [here] : [];
    return [...own, ...screenPaths(route.children ?? [], here)];
  });
}

describe('the server and the service worker know the router`s screens (spec 2.1)', () => {
  it('APP_ROUTES in shared-schema names exactly the paths of the router', () => {
    const mine = screenPaths(routes).map((path) => path || '/');
    expect([...mine].sort()).toEqual([...APP_ROUTES].sort());
  });

  it('a path the shared list refuses lands on the router`s not-found route, and the reverse', () => {
    const samples = [
      ...APP_ROUTES.map((route) => route.replace(/:[A-Za-z]+/g, 'x1')),
      '/nothing-here',
      '/owner',
      '/user/reservation/only-one',
      '/owner/homes',
    ];
    for (const path of samples) {
      const deepest = matchRoutes(routes, path)?.at(-1)?.route.path;
      expect(deepest === '*', path).toBe(!isAppRoute(path));
    }
  });
});
