import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { APP_ROUTES } from '@comanda/shared-schema';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPeer } from '../../test-support/kits/live.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { buildApp } from '../app.ts';

/** A script big enough to be worth compressing, as the build's are. */
const SCRIPT = `export const menu = ${JSON.stringify(
  Array.from({ length: 200 }, (_, i) => ({ name: `Piatto ${i}`, price: 500 + i })),
)};\n`;
const SHELL = `<!doctype html><html lang="it"><head><title>Comanda</title></head><body><div id="root"></div>${'<!-- shell -->'.repeat(100)}</body></html>`;
const WORKER = `self.addEventListener('fetch', () => {});\n${'// worker\n'.repeat(200)}`;

/** A built PWA as `vite build` leaves it: each text file with its `.br` and `.gz` copies. */
function writeDist(dist: string): void {
  mkdirSync(join(dist, 'assets'), { recursive: true });
  const files: Record<string, string> = {
    'index.html': SHELL,
    'sw.js': WORKER,
    // The script the worker imports (the owner screens' precache): its name stays across builds.
    'owner-precache.js': WORKER,
    'assets/index-abc123.js': SCRIPT,
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dist, name), text);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
  }
  // Too small to have copies: sent as it is.
  writeFileSync(join(dist, 'assets', 'tiny-def456.js'), 'console.log(1)');
}

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString();
}

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  // The demo venue gives the JSON answers real content.
  t = await createTestApp({ env: { COMANDA_DEMO: '1', COMANDA_DEMO_PASSWORD: 'demo-password' } });
  await t.app.close();
  const dist = join(t.dir, 'dist');
  writeDist(dist);
  app = await buildApp({ ...t.config, pwaDist: dist });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('static files go out precompressed', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.8', 'br'],
    ['br;q=0.4, gzip;q=0.9', 'gzip'],
    ['*', 'gzip'],
    ['deflate', undefined],
    ['identity', undefined],
    ['', undefined],
  ])('Accept-Encoding %j gets %s, the same bytes once decoded', async (accept, expected) => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': accept });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(res)).toBe(SCRIPT);
    if (expected) expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
  });

  it('no Accept-Encoding at all: the plain file, still marked as varying on it', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
  });

  it('each encoding has its own ETag, and a revalidation is answered 304 only for the same one', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    const again = await get('/assets/index-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    const other = await get('/assets/index-abc123.js', {
      'accept-encoding': 'gzip',
      'if-none-match': String(br.headers.etag),
    });
    expect(other.statusCode).toBe(200);
    expect(decoded(other)).toBe(SCRIPT);
  });

  it('the shell, the service worker and the script it imports stay no-cache in every encoding', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      for (const worker of ['/sw.js', '/owner-precache.js']) {
        const sw = await get(worker, { 'accept-encoding': accept });
        expect(sw.headers['cache-control'], `${worker} ${accept}`).toBe('no-cache');
        expect(decoded(sw)).toBe(WORKER);
      }
      const root = await get('/', { 'accept-encoding': accept, accept: 'text/html' });
      expect(root.headers['cache-control'], accept).toBe('no-cache');
      expect(decoded(root)).toBe(SHELL);
    }
  });

  it('a file without copies goes out as it is, not compressed again on the fly', async () => {
    const res = await get('/assets/tiny-def456.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1)');
  });

  it('the copies are not reachable by their own names', async () => {
    for (const url of ['/assets/index-abc123.js.br', '/assets/index-abc123.js.gz', '/index.html.br']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });
});

describe('unknown paths answer 404 (spec 2.1: Pagina non trovata)', () => {
  it('every app route is the shell with 200, as a navigation or not', async () => {
    for (const route of APP_ROUTES) {
      const path = route.replace(/:[A-Za-z]+/g, 'Km6OhXtLsDGUGPjbSjL4pQ');
      for (const accept of ['text/html,application/xhtml+xml', '*/*']) {
        const res = await get(path, { accept, 'accept-encoding': 'br' });
        expect(res.statusCode, `${path} ${accept}`).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['content-encoding']).toBe('br');
        expect(decoded(res)).toBe(SHELL);
      }
    }
    const query = await get('/owner/dashboard?kitchen=1', { accept: 'text/html' });
    expect(query.statusCode).toBe(200);
  });

  it('any other page is the shell with 404, so the app shows its not-found screen', async () => {
    for (const path of [
      '/nothing-here',
      '/owner',
      '/owner/homes',
      '/user/reservation/only-one',
      '/x/y/z?a=1',
    ]) {
      const res = await get(path, { accept: 'text/html', 'accept-encoding': 'gzip' });
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decoded(res)).toBe(SHELL);
    }
    const head = await app.inject({ method: 'HEAD', url: '/nothing-here', headers: { accept: 'text/html' } });
    expect(head.statusCode).toBe(404);
  });

  it('the API and missing files keep the JSON envelope 404', async () => {
    for (const [url, accept] of [
      ['/api/missing', 'text/html'],
      ['/api/missing', 'application/json'],
      ['/assets/gone.js', '*/*'],
      ['/nothing-here', 'application/json'],
    ] as const) {
      const res = await get(url, { accept });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('NOT_FOUND');
    }
  });
});

describe('JSON answers are compressed above a small threshold', () => {
  async function guestMenu(acceptEncoding?: string): Promise<LightMyRequestResponse> {
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { isAnonymus: true } });
    const cookie = login.cookies.find((c) => c.name === 'comanda_sid');
    return app.inject({
      method: 'POST',
      url: '/api/menu/user/get',
      payload: { businessId: app.demo?.venueId },
      headers: {
        cookie: `comanda_sid=${cookie?.value}`,
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
    });
  }

  it('the menu goes out as brotli or gzip, the same JSON once decoded', async () => {
    const plain = await guestMenu();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const menu = plain.json();
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      ['deflate', undefined],
    ] as const) {
      const res = await guestMenu(accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(expected);
      expect(JSON.parse(decoded(res)), accept).toEqual(menu);
      if (expected) {
        expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      }
    }
  });

  it('a small answer goes out as it is', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('a compressed request body is not inflated: refused as before', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: gzipSync(JSON.stringify({ isAnonymus: true })),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().code).toBeTruthy();
  });
});

describe('the live socket is left as it was', () => {
  it('a client offering permessage-deflate gets plain frames', async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { isAnonymus: true } });
    const cookie = login.cookies.find((c) => c.name === 'comanda_sid');
    // ws offers permessage-deflate by default, as browsers do.
    const peer = await openPeer(
      base.replace('http', 'ws'),
      `ownerId=${app.demo?.venueId}`,
      `comanda_sid=${cookie?.value}`,
    );
    try {
      expect(peer.ws.extensions).toBe('');
      expect(peer.socketId).toBeTruthy();
    } finally {
      peer.ws.close();
    }
  });
});
