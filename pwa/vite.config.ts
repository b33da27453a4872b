import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// Precache budget per file: the shell and the screen chunks are far below it. A chunk that grows
// past it (a payment SDK, a chart library) must be listed in `lazyHeavyChunks` so it is cached at
// run time on first use instead of on every install (the plugin fails the build otherwise).
const PRECACHE_MAX_BYTES = 1024 * 1024;
const lazyHeavyChunks: string[] = [];

const DAY_SECONDS = 24 * 60 * 60;

export default defineConfig({
  plugins: [
    react(),
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
        // The app shell and every screen chunk, so a reload offline opens any screen.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        globIgnores: lazyHeavyChunks,
        maximumFileSizeToCacheInBytes: PRECACHE_MAX_BYTES,
        cleanupOutdatedCaches: true,
        navigateFallback: 'index.html',
        // The API and the live socket are never answered by the worker.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/live(\/|\?|$)/],
        runtimeCaching: [
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
