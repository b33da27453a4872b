import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Every project polls with a deadline fit for a busy CI machine (see the file). */
const waits = fileURLToPath(new URL('./tests/support/vitest-waits.ts', import.meta.url));

// One vitest run for every package; the end-to-end suite runs under Playwright instead.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared-schema', root: './shared-schema', environment: 'node', setupFiles: [waits] } },
      {
        test: {
          name: 'sync-server',
          root: './sync-server',
          environment: 'node',
          testTimeout: 20_000,
          // Hooks build an app (migrations, the demo venue): 10 s ran out on a busy machine.
          hookTimeout: 30_000,
          setupFiles: [waits],
        },
      },
      {
        test: {
          name: 'print-bridge',
          root: './print-bridge',
          environment: 'node',
          passWithNoTests: true,
          setupFiles: [waits],
        },
      },
      './pwa/vitest.config.ts',
      // The sync-correctness suite: the real PWA data layer (Dexie on fake-indexeddb) against the
      // real server on a loopback port, with faults injected at the network boundary.
      {
        test: {
          name: 'sync',
          root: './tests/sync',
          environment: 'node',
          setupFiles: ['fake-indexeddb/auto', waits],
          testTimeout: 60_000,
          hookTimeout: 30_000,
        },
      },
      // Fault tests (DESIGN.md "Testing"): real server processes (SIGKILL, SIGTERM, a full disk, backups).
      {
        test: {
          name: 'reliability',
          root: './tests/reliability',
          environment: 'node',
          setupFiles: [waits],
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
