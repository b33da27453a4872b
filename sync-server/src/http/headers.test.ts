import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** `directive -> sources`, from a Content-Security-Policy header. */
function parseCsp(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

/**
 * Every source the policy may name: the app itself, Stripe, and the venue's print bridge ('wss:',
 * a secure socket to an address each venue sets; the cached shell cannot name it). Anything else
 * appearing in the policy fails here, so widening it is a decision made in this file.
 */
const ALLOWED = new Set([
  "'self'",
  "'none'",
  "'unsafe-inline'", // styles only (react-aria positions popovers with inline styles)
  'data:',
  'blob:',
  'wss:',
  'https://js.stripe.com',
  'https://hooks.stripe.com',
  'https://api.stripe.com',
  'https://*.stripe.com',
  'ws://comanda.example.it',
  'wss://comanda.example.it',
]);

describe('security headers on every kind of answer', () => {
  it('CSP names only the app and Stripe (and the bridge), HSTS over https, no banner', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://comanda.example.it' } });
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      t.app.inject({ method: 'POST', url: '/api/user/login', payload: '{"broken' }),
      t.app.inject({ method: 'POST', url: '/api/user/login', payload: { isAnonymus: true } }),
    ]);
    for (const res of answers) {
      const csp = parseCsp(res.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
      expect(csp.has('upgrade-insecure-requests')).toBe(true);
      for (const [directive, sources] of csp) {
        for (const source of sources) expect(ALLOWED.has(source), `${directive} ${source}`).toBe(true);
      }
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      expect(res.headers.server).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('no HSTS when the venue box is reached over plain http', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'http://192.168.1.20:3000' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(parseCsp(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);
  });
});
