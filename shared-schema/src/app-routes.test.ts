import { describe, expect, it } from 'vitest';
import { APP_ROUTES, appRoutePattern, isAppRoute } from './app-routes.ts';

describe('the app routes (spec 2.1-2.3)', () => {
  it('knows every screen, with its parameters filled in', () => {
    for (const route of APP_ROUTES) {
      const path = route.replace(/:[A-Za-z]+/g, 'Km6OhXt-LsD_GUGPj');
      expect(isAppRoute(path), path).toBe(true);
    }
  });

  it('matches as react-router does: any case, one trailing slash, encoded parameters', () => {
    expect(isAppRoute('/SignIn')).toBe(true);
    expect(isAppRoute('/owner/home/')).toBe(true);
    expect(isAppRoute('/user/reservation/a%20b/c%2Fd')).toBe(true);
    expect(isAppRoute('/owner/reservation/abc')).toBe(true);
  });

  it('refuses any other path: unknown names, missing or extra segments, empty parameters', () => {
    for (const path of [
      '/nothing-here',
      '/owner',
      '/owner/homes',
      '/owner/home//',
      '/user/reservation/abc',
      '/user/reservation/abc/def/ghi',
      '/user/reservation//def',
      '/owner/confirmEmail/',
      '/api/health',
      '/assets/index-abc.js',
      '/signin.php',
      '//signin',
    ]) {
      expect(isAppRoute(path), path).toBe(false);
    }
  });

  it('lets the query string follow, for the service worker that tests path and query together', () => {
    const dashboard = appRoutePattern('/owner/dashboard');
    expect(dashboard.test('/owner/dashboard?kitchen=1')).toBe(true);
    expect(dashboard.test('/owner/dashboardx?kitchen=1')).toBe(false);
    expect(appRoutePattern('/').test('/?from=qr')).toBe(true);
    expect(appRoutePattern('/').test('/x')).toBe(false);
  });
});
