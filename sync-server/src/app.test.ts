import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGuest, createTestApp, post, rowCounts, type TestApp } from '../test-support/test-app.ts';
import { buildApp } from './app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('app basics', () => {
  it('answers health', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      status: 'ok',
      version: '0.1.0',
      mail: { overdue: 0, failed: 0 },
    });
  });

  it('sets security headers: CSP with Stripe, no x-powered-by, no HSTS over http', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('frame-src');
    expect(csp).toContain('https://api.stripe.com');
    expect(csp).toContain('ws://localhost:80 wss://localhost:80');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS and wss in the CSP when PUBLIC_URL is https', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://comanda.example.it' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(String(res.headers['content-security-policy'])).toContain('wss://comanda.example.it');
  });

  it('answers unknown /api routes and methods with the 404 envelope', async () => {
    t = await createTestApp();
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['GET', '/api/user/login'],
      ['DELETE', '/api/health'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', error: 'Risorsa non trovata' });
    }
  });

  it('accepts "no payload" POSTs without a body, with an empty JSON body, or with {}', async () => {
    t = await createTestApp();
    const cookie = await createGuest(t);
    const bare = await t.app.inject({ method: 'POST', url: '/api/user/authenticate', headers: { cookie } });
    expect(bare.json().valid).toBe(true);
    const emptyJson = await t.app.inject({
      method: 'POST',
      url: '/api/user/authenticate',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '',
    });
    expect(emptyJson.statusCode).toBe(200);
    expect((await post(t.app, '/api/user/authenticate', {}, cookie)).statusCode).toBe(200);
    const extra = await post(t.app, '/api/user/authenticate', { x: 1 }, cookie);
    expect(extra.statusCode).toBe(400);
  });

  it('refuses state-changing requests from another origin (403), allows same origin and none', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'http://comanda.local:3000' } });
    const before = await rowCounts(t.app);
    const body = { isAnonymus: true };
    const evil = await post(t.app, '/api/user/login', body, undefined, { origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const crossSite = await post(t.app, '/api/user/login', body, undefined, {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await rowCounts(t.app)).toEqual(before);
    const same = await post(t.app, '/api/user/login', body, undefined, {
      origin: 'http://comanda.local:3000',
      'sec-fetch-site': 'same-origin',
    });
    expect(same.statusCode).toBe(200);
    expect((await post(t.app, '/api/user/login', body)).statusCode).toBe(200);
  });

  it('without PUBLIC_URL, the own origin is the Host the request came to', async () => {
    // Hosts the box answers to (http/host-check.ts): here, as if they were its LAN address and name.
    t = await createTestApp({ env: { ALLOWED_HOSTS: '192.168.1.20,comanda.example.it' } });
    const ok = await post(t.app, '/api/user/login', { isAnonymus: true }, undefined, {
      host: '192.168.1.20:3000',
      origin: 'http://192.168.1.20:3000',
    });
    expect(ok.statusCode).toBe(200);
    const other = await post(t.app, '/api/user/login', { isAnonymus: true }, undefined, {
      host: '192.168.1.20:3000',
      origin: 'http://192.168.1.99:3000',
    });
    expect(other.statusCode).toBe(403);
    // Behind a TLS proxy the scheme seen here differs; the host still identifies us.
    const proxied = await post(t.app, '/api/user/login', { isAnonymus: true }, undefined, {
      host: 'comanda.example.it',
      origin: 'https://comanda.example.it',
    });
    expect(proxied.statusCode).toBe(200);
  });
});

describe('serving the built PWA', () => {
  it('serves hashed assets for a year, index.html and sw.js no-cache, SPA fallback for navigations', async () => {
    t = await createTestApp();
    await t.close();
    const dist = join(t.dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Comanda</title>');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    const app = await buildApp({ ...t.config, pwaDist: dist });
    try {
      const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const sw = await app.inject({ method: 'GET', url: '/sw.js' });
      expect(sw.headers['cache-control']).toBe('no-cache');
      const root = await app.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('<title>Comanda</title>');
      expect(root.headers['cache-control']).toBe('no-cache');
      const deep = await app.inject({ method: 'GET', url: '/owner/home', headers: { accept: 'text/html' } });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('<title>Comanda</title>');
      const missingAsset = await app.inject({ method: 'GET', url: '/assets/gone.js' });
      expect(missingAsset.statusCode).toBe(404);
      const api = await app.inject({ method: 'GET', url: '/api/missing', headers: { accept: 'text/html' } });
      expect(api.json().code).toBe('NOT_FOUND');
    } finally {
      await app.close();
    }
  });
});
