import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { OWNER_CACHE_COMPLETE, OWNER_CACHE_PREFIX, OWNER_DEVICE_MESSAGE } from '../app/owner-device.ts';
import type { BundleEntry } from './table-prefetch.ts';

/**
 * The service worker's two precaches (DESIGN.md "Who uses it, on what"). Every device precaches
 * the shell and what the customer's and the public screens load; only an owner's device also
 * precaches the owner screens (the dashboard, the kitchen, the report and its charts, the menu
 * editor...), about a third of the build. A diner who scans a table's QR code used to download
 * all of it in the background of their first visit.
 *
 * The owner part is a script of its own (`OWNER_PRECACHE_FILE`) that the worker imports. It
 * caches the owner files in a cache named after their list:
 * - at the worker's install, on a device that is an owner's: it held the owner files of an earlier
 *   version, or a window of the app is open on an owner screen. The install fails if they cannot
 *   be fetched, as workbox's own precache does, so a waiting update never lacks them;
 * - when the owner's frame opens (`app/owner-device.ts`), on a device that became an
 *   owner's after its worker was installed (the owner signed in).
 * It answers those files from that cache, and drops the caches of earlier versions once active.
 */

/** The worker's imported script, at the root beside `sw.js`. */
export const OWNER_PRECACHE_FILE = 'owner-precache.js';

/**
 * The files of `bundle` that only the owner screens load: the chunks (and their style sheets)
 * that no path from an entry reaches without going through a dynamic import of an owner root.
 * What an owner screen shares with a customer's or a public one stays with every device.
 */
export function ownerOnlyFiles(
  bundle: Record<string, BundleEntry>,
  isOwnerRoot: (moduleId: string) => boolean,
) {
  const chunks = new Map(
    Object.values(bundle)
      .filter((entry) => entry.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const isOwnerChunk = (chunk: BundleEntry) =>
    !!chunk.facadeModuleId && !chunk.isEntry && isOwnerRoot(chunk.facadeModuleId);
  const everyone = new Set<string>();
  const stack = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    const chunk = chunks.get(file);
    if (!chunk || everyone.has(file)) continue;
    everyone.add(file);
    for (const css of chunk.viteMetadata?.importedCss ?? []) everyone.add(css);
    stack.push(...(chunk.imports ?? []));
    for (const lazy of chunk.dynamicImports ?? []) {
      const target = chunks.get(lazy);
      if (target && !isOwnerChunk(target)) stack.push(lazy);
    }
  }
  const ownerOnly = new Set<string>();
  for (const chunk of chunks.values()) {
    if (everyone.has(chunk.fileName)) continue;
    ownerOnly.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) if (!everyone.has(css)) ownerOnly.add(css);
  }
  return ownerOnly;
}

/** The worker's imported script for these owner files (paths from the site's root). */
export function ownerPrecacheScript(urls: readonly string[]): string {
  const sorted = [...urls].sort();
  const version = createHash('sha256').update(sorted.join('\n')).digest('hex').slice(0, 16);
  const constants = {
    cacheName: `${OWNER_CACHE_PREFIX}${version}`,
    prefix: OWNER_CACHE_PREFIX,
    complete: OWNER_CACHE_COMPLETE,
    deviceMessage: OWNER_DEVICE_MESSAGE,
    urls: sorted,
  };
  // Plain JavaScript: the worker imports it as it is (see the file's doc comment).
  return `// Comanda: the owner screens' precache (pwa/src/build/owner-precache.ts). Generated.
(() => {
  const C = ${JSON.stringify(constants)};
  const owned = new Set(C.urls);
  let filling = null;
  // Every file, then the mark: a cache with the mark holds them all.
  const fill = () => {
    filling ??= (async () => {
      const cache = await caches.open(C.cacheName);
      if (await cache.match(C.complete)) return;
      for (const url of C.urls) {
        if (await cache.match(url)) continue;
        const res = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
        if (!res.ok) throw new Error('owner precache: ' + url + ' ' + res.status);
        await cache.put(url, res);
      }
      await cache.put(C.complete, new Response('1'));
    })().finally(() => { filling = null; });
    return filling;
  };
  const isOwnerDevice = async () => {
    if ((await caches.keys()).some((name) => name.startsWith(C.prefix))) return true;
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    return windows.some((w) => new URL(w.url).pathname.startsWith('/owner/'));
  };
  self.addEventListener('install', (event) => {
    event.waitUntil(isOwnerDevice().then((owner) => (owner ? fill() : undefined)));
  });
  self.addEventListener('activate', (event) => {
    event.waitUntil(caches.keys().then((names) => Promise.all(
      names.filter((name) => name.startsWith(C.prefix) && name !== C.cacheName).map((name) => caches.delete(name)),
    )));
  });
  self.addEventListener('message', (event) => {
    if (event.data?.type !== C.deviceMessage) return;
    // A failure (the network gone meanwhile) leaves the cache without its mark: the next open retries.
    event.waitUntil(fill().catch(() => undefined));
  });
  self.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    if (url.origin !== self.location.origin || !owned.has(url.pathname)) return;
    // Answered here, and by no later listener (workbox's routes).
    event.stopImmediatePropagation();
    event.respondWith(
      // CacheStorage.match: a device with no owner cache is not given an empty one.
      caches.match(url.pathname, { cacheName: C.cacheName }).then((hit) => hit ?? fetch(event.request)),
    );
  });
})();
`;
}

/**
 * The build's side of it: finds the owner-only files once the bundle is known, writes the
 * worker's imported script, and gives workbox the filter that keeps those files out of the
 * precache every device installs (`manifestTransform`, for the `workbox.manifestTransforms`
 * option; it runs after the bundle is written).
 */
export function ownerPrecache(isOwnerRoot: (moduleId: string) => boolean): {
  plugin: Plugin;
  manifestTransform: <E extends { url: string }>(
    entries: E[],
  ) => Promise<{ manifest: E[]; warnings: string[] }>;
} {
  let ownerOnly: Set<string> | null = null;
  return {
    plugin: {
      name: 'comanda:owner-precache',
      apply: 'build',
      generateBundle(_options, bundle) {
        const files = ownerOnlyFiles(bundle as unknown as Record<string, BundleEntry>, isOwnerRoot);
        if (files.size === 0) this.error("owner precache: no file is the owner screens' alone");
        ownerOnly = files;
        this.emitFile({
          type: 'asset',
          fileName: OWNER_PRECACHE_FILE,
          source: ownerPrecacheScript([...files].map((file) => `/${file}`)),
        });
      },
    },
    manifestTransform: async (entries) => {
      if (!ownerOnly) throw new Error('owner precache: the bundle was not seen before the service worker');
      const owner = ownerOnly;
      return { manifest: entries.filter((entry) => !owner.has(entry.url.replace(/^\//, ''))), warnings: [] };
    },
  };
}
