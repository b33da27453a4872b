import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isAppRoute } from '@comanda/shared-schema';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Files that must be revalidated on every visit so an update reaches everyone. */
/**
 * Files whose name stays while their content changes: the shell, the service worker and the
 * script it imports (`owner-precache.js`, pwa/src/build/owner-precache.ts), which a worker update
 * must not read from an hour-old HTTP cache.
 */
const NO_CACHE = new Set([
  'index.html',
  'sw.js',
  'owner-precache.js',
  'registerSW.js',
  'manifest.webmanifest',
]);

/** The build's precompressed copies (`x.js.br`, `x.js.gz`) beside each text file. */
const PRECOMPRESSED = /\.(br|gz)$/;

export function hasPwa(dist: string): boolean {
  return existsSync(join(dist, 'index.html'));
}

function cacheHeaders(reply: FastifyReply, path: string): void {
  // A precompressed copy is cached as the file it encodes (sw.js.br is sw.js: no-cache).
  const name = (path.split(/[\\/]/).pop() ?? '').replace(PRECOMPRESSED, '');
  if (/[\\/]assets[\\/]/.test(path)) {
    // Vite puts content-hashed files under assets/: they never change under the same name.
    reply.header('cache-control', 'public, max-age=31536000, immutable');
  } else if (NO_CACHE.has(name) || name.startsWith('workbox-')) {
    reply.header('cache-control', 'no-cache');
  } else {
    reply.header('cache-control', 'public, max-age=3600');
  }
}

/**
 * Serves the built PWA (pwa/dist), when it has been built. Each text file has brotli and gzip
 * copies made at build time: the best one the client accepts goes out with `Content-Encoding`,
 * and every answer says `Vary: Accept-Encoding` (@fastify/static `preCompressed`). ETags are
 * those of the file sent, so each encoding has its own. Registered before the API's compression
 * (`compression.ts`), which thus never compresses these files a second time.
 */
export async function installPwa(app: FastifyInstance, dist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: true,
    index: 'index.html',
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => cacheHeaders(reply, path),
    // The compressed copies are reached only through `Accept-Encoding`, never by their names.
    allowedPath: (pathName) =>
      !pathName.startsWith('/api/') && !pathName.startsWith('/live') && !PRECOMPRESSED.test(pathName),
  });
}

function pathOf(req: FastifyRequest): string {
  return req.url.split('?')[0] ?? '';
}

/**
 * A request the app shell answers: any GET or HEAD of one of the app's screens (spec 2.1-2.3),
 * and a browser navigation (it accepts HTML) to any other path outside the API, which gets the
 * shell with 404 so the app shows 'Pagina non trovata' (spec 2.1). Other requests for a missing
 * file or call get the JSON envelope's 404.
 */
export function isAppNavigation(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = pathOf(req);
  if (path.startsWith('/api/') || path === '/api' || path.startsWith('/live')) return false;
  return isAppRoute(path) || (req.headers.accept ?? '').includes('text/html');
}

/** The app shell (index.html): 200 on the app's screens, 404 on any other path. */
export function sendShell(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .code(isAppRoute(pathOf(req)) ? 200 : 404)
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .sendFile('index.html');
}
