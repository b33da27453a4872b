import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// The `pwa` project of the root vitest config: jsdom with an in-memory IndexedDB.
export default defineProject({
  plugins: [react()],
  resolve: {
    alias: {
      // The service worker registration only exists in a vite-plugin-pwa build.
      'virtual:pwa-register/react': fileURLToPath(
        new URL('./src/test/pwa-register-stub.ts', import.meta.url),
      ),
    },
  },
  test: {
    name: 'pwa',
    environment: 'jsdom',
    setupFiles: [
      './src/test/setup.ts',
      fileURLToPath(new URL('../tests/support/vitest-waits.ts', import.meta.url)),
    ],
    include: ['src/**/*.test.{ts,tsx}'],
    // A screen test renders, types and waits for Dexie and the outbox: on a 2-core CI machine
    // kept busy by other work its 5 s default failed tests that were only slow. A ceiling for a
    // real hang, not a wait: the tests wait for their signals.
    testTimeout: 30_000,
  },
});
