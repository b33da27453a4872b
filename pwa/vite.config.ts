import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, runnerImport } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// The module itself, not the package: the config needs the route list, not the whole contract.
import { APP_ROUTES, appRoutePattern } from '../shared-schema/src/app-routes.ts';
import { compileHints } from './src/build/compile-hints.ts';
import { OWNER_PRECACHE_FILE, ownerPrecache } from './src/build/owner-precache.ts';
import { OWNER_ROUTE_MODULES } from './src/build/owner-roots.ts';
import { precompress } from './src/build/precompress.ts';
import { reactRouterProduction } from './src/build/react-router-production.ts';
import { tablePrefetch } from './src/build/table-prefetch.ts';
import { type WireSource, type WireTable, wireTable } from './src/data/wire-table.ts';

/**
 * `src/data/wire.ts` builds the API client's table of call paths from the contract's zod schemas.
 * In a build it becomes that finished table as a literal: the client sends requests without
 * loading zod or building a schema, which cost a phone at 4x CPU slowdown a quarter of a second
 * before its first request (see `ordering/README.md`, "First load").
 */
function inlineWireTable(built: (table: WireTable) => void): Plugin {
  const wireModule = fileURLToPath(new URL('./src/data/wire.ts', import.meta.url));
  let table = '';
  return {
    name: 'comanda:inline-wire-table',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      // The contract is TypeScript source: Vite's module runner loads it as the app would.
      const { module } = await runnerImport<WireSource>('@comanda/shared-schema', {
        configFile: false,
        root: fileURLToPath(new URL('.', import.meta.url)),
        logLevel: 'error',
      });
      const finished = wireTable(module);
      built(finished);
      table = JSON.stringify(finished);
    },
    load(id) {
      if (id.split('?')[0] !== wireModule) return null;
      return `export const wire = ${table};\n`;
    },
  };
}

// Precache budget per file: the shell and the screen chunks are far below it. A chunk that grows
// past it (a payment SDK, a chart library) must be listed in `lazyHeavyChunks` so it is cached at
// run time on first use instead of on every install (the plugin fails the build otherwise).
const PRECACHE_MAX_BYTES = 1024 * 1024;
const lazyHeavyChunks: string[] = [];

const DAY_SECONDS = 24 * 60 * 60;

const SRC = fileURLToPath(new URL('./src/', import.meta.url));

/**
 * The screens a table's QR code opens: their code is one chunk (`customer`), so a phone's first
 * visit fetches the shell, that chunk and two style sheets, not a dozen small chunks. Each chunk
 * is a request the renderer pays for on its main thread (measured: 5-30 ms each at 4x CPU
 * slowdown, besides the round trip), and the menu's first load is bound by that thread.
 */
const CUSTOMER_ROOTS = [
  'layouts/user/user-layout.tsx',
  'screens/user-reservation/index.tsx',
  'screens/user-cart/index.tsx',
].map((file) => SRC + file);
const OWNER_ROOTS = new Set(OWNER_ROUTE_MODULES.map((file) => SRC + file));
const ownerScreens = ownerPrecache((id) => OWNER_ROOTS.has(id));

/** Folders of the customer's table screens: what else they load statically goes to `common`. */
const CUSTOMER_FOLDERS = ['ordering/', 'layouts/user/', 'screens/user-'].map((dir) => SRC + dir);
/**
 * The page's first script (`prefetch/prefetch.ts`, an entry of its own in index.html): it must
 * not be merged into the first bundle, whose download it exists to run ahead of.
 */
const PREFETCH_FOLDER = `${SRC}prefetch/`;
const PREFETCH_ENTRY = `${PREFETCH_FOLDER}prefetch.ts`;
/** The contract's pure rules (cart, prices, sorting...): shared by customer and owner screens. */
const SHARED_RULES = join(
  dirname(createRequire(import.meta.url).resolve('@comanda/shared-schema')),
  'rules',
  sep,
);

type ModuleGraph = { getModuleInfo(id: string): { importedIds: string[] } | null };

/**
 * The app's own modules (`src/`) that `roots` import statically, directly or not. Dynamic imports
 * stay out, and so do packages: shared-schema's barrel would otherwise bring in every module of
 * the contract, where tree-shaking keeps only what is used.
 */
function appClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id) || !id.startsWith(SRC)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** Does `id` load zod, directly or through the modules it imports? */
function loadsZod(graph: ModuleGraph, id: string, seen = new Set<string>()): boolean {
  if (/[\\/]node_modules[\\/]zod[\\/]/.test(id)) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  return (graph.getModuleInfo(id)?.importedIds ?? []).some((dep) => loadsZod(graph, dep, seen));
}

/**
 * Chunk names (rolldown `codeSplitting` groups): the first bundle stays one file with the entry;
 * the customer's table screens and the ordering code they load statically are `customer` (its
 * lazy parts, the picker, the note box, the mobile sheets, stay apart); the few app modules those
 * screens share with the owner's, and the contract's rules that need no zod, are `common`. So an
 * owner screen never loads the customer's code or its style sheet (whose `.menu-empty` would
 * restyle the owner's menu screen), and a customer never loads zod. Packages and everything else
 * are split as rolldown does by default.
 */
function customerChunks() {
  let closure: Set<string> | null = null;
  return {
    groups: [
      {
        name: 'index',
        tags: ['$initial' as const],
        test: (id: string) => !id.startsWith(PREFETCH_FOLDER),
        priority: 3,
      },
      {
        name: (id: string, ctx: ModuleGraph) => {
          if (id.startsWith(SHARED_RULES)) return loadsZod(ctx, id) ? null : 'common';
          closure ??= appClosure(ctx, CUSTOMER_ROOTS);
          if (!closure.has(id)) return null;
          return CUSTOMER_FOLDERS.some((dir) => id.startsWith(dir)) ? 'customer' : 'common';
        },
        debugName: 'customer',
        priority: 2,
        // Exactly the modules named above: a dependency they share with owner screens (a rule of
        // the contract) is not pulled into `customer` but chunked by default.
        includeDependenciesRecursively: false,
      },
    ],
  };
}

/** The wire table of this build, for the prefetch plan (`inlineWireTable` builds it first). */
let builtWire: WireTable | null = null;

export default defineConfig({
  plugins: [
    inlineWireTable((table) => {
      builtWire = table;
    }),
    tablePrefetch(PREFETCH_ENTRY, CUSTOMER_ROOTS, () => {
      if (!builtWire) throw new Error('the wire table was not built before the bundle');
      return builtWire;
    }),
    reactRouterProduction(),
    react(),
    compileHints(),
    ownerScreens.plugin,
    // Brotli and gzip copies of every text file; runs after the service worker is written.
    precompress(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      // The update toast registers the worker through `virtual:pwa-register/react`.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'favicon-32.png', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Comanda',
        short_name: 'Comanda',
        description: 'Ordini al tavolo, ritiro e consegna per ristoranti e locali.',
        lang: 'it',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#a83f24',
        background_color: '#fbf6ef',
        categories: ['food', 'business'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell and every screen chunk (the owner screens' on owners' devices only, below),
        // so a reload offline opens any screen.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        globIgnores: lazyHeavyChunks,
        // The owner screens are precached by owners' devices only, through the script imported here.
        manifestTransforms: [ownerScreens.manifestTransform],
        importScripts: [OWNER_PRECACHE_FILE],
        maximumFileSizeToCacheInBytes: PRECACHE_MAX_BYTES,
        cleanupOutdatedCaches: true,
        navigateFallback: 'index.html',
        // The cached shell answers the app's screens only (the list the server knows too); the
        // API and the live socket are never answered by the worker.
        navigateFallbackAllowlist: APP_ROUTES.map(appRoutePattern),
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/live(\/|\?|$)/],
        runtimeCaching: [
          {
            // Any other page: the server's answer, 404 with the shell, so the app shows 'Pagina
            // non trovata' (spec 2.1) with the right status; offline, the cached shell shows it.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !/^\/(?:api|live)(?:\/|\?|$)/.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'index.html' } },
          },
          {
            // Hashed build files left out of the precache: immutable, so cache first.
            urlPattern: ({ request, url }) =>
              url.origin === self.location.origin &&
              (request.destination === 'script' || request.destination === 'style'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'comanda-assets',
              expiration: { maxEntries: 80, maxAgeSeconds: 30 * DAY_SECONDS },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: ({ request, url }) =>
              url.origin === self.location.origin && request.destination === 'image',
            handler: 'CacheFirst',
            options: {
              cacheName: 'comanda-images',
              expiration: { maxEntries: 120, maxAgeSeconds: 30 * DAY_SECONDS },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: ({ request }) => request.destination === 'font',
            handler: 'CacheFirst',
            options: {
              cacheName: 'comanda-fonts',
              expiration: { maxEntries: 20, maxAgeSeconds: 365 * DAY_SECONDS },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      // The page's first script is an entry of its own: Vite would merge every script of
      // index.html into the first bundle (src/build/table-prefetch.ts puts its tag in the page).
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), prefetch: PREFETCH_ENTRY },
      output: { codeSplitting: customerChunks() },
      treeshake: {
        // shared-schema is pure declarations (its modules only define schemas, texts and
        // rules), so a screen that needs only the text catalogue must not pull in every call
        // schema and zod with it: the first visit of `/` stays small.
        moduleSideEffects: [{ test: /shared-schema[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/live': { target: 'ws://localhost:3000', ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/live': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
