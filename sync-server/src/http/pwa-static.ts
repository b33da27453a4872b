import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Files that must be revalidated on every visit so an update reaches everyone. */
const NO_CACHE = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest']);

export function hasPwa(dist: string): boolean {
  return existsSync(join(dist, 'index.html'));
}

function cacheHeaders(reply: FastifyReply, path: string): void {
  const name = path.split(/[\\/]/).pop() ?? '';
  if (/[\\/]assets[\\/]/.test(path)) {
    // Vite puts content-hashed files under assets/: they never change under the same name.
    reply.header('cache-control', 'public, max-age=31536000, immutable');
  } else if (NO_CACHE.has(name) || name.startsWith('workbox-')) {
    reply.header('cache-control', 'no-cache');
  } else {
    reply.header('cache-control', 'public, max-age=3600');
  }
}

/** Serves the built PWA (pwa/dist), when it has been built. */
export async function installPwa(app: FastifyInstance, dist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: true,
    index: 'index.html',
    cacheControl: false,
    setHeaders: (reply, path) => cacheHeaders(reply, path),
    allowedPath: (pathName) => !pathName.startsWith('/api/') && !pathName.startsWith('/live'),
  });
}

/** A browser navigation to an app route: answer the shell (index.html) so the router takes over. */
export function isAppNavigation(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = req.url.split('?')[0] ?? '';
  if (path.startsWith('/api/') || path === '/api' || path.startsWith('/live')) return false;
  return path === '/' || (req.headers.accept ?? '').includes('text/html');
}

export function sendShell(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
}
