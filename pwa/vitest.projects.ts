import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { TestProjectInlineConfiguration } from 'vitest/config';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

const TESTS = 'src/**/*.test.{ts,tsx}';

/**
 * Test files that replace a module (`vi.mock`): a replaced module is kept by the worker across
 * files, so a second file replacing the same one with its own stub would get the first file's.
 * Found by reading the files, so a new one cannot land among the shared-module files by mistake.
 */
function mockingSuites(): string[] {
  const files = readdirSync(here('./src'), { recursive: true, encoding: 'utf8' });
  return files
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => readFileSync(here(`./src/${file}`), 'utf8').includes('vi.mock('))
    .map((file) => `src/${file.replaceAll('\\', '/')}`);
}

function pwaProject(
  name: string,
  files: { include: string[]; exclude?: string[] },
  isolate: boolean,
): TestProjectInlineConfiguration {
  return {
    plugins: [react()],
    resolve: {
      alias: {
        // The service worker registration only exists in a vite-plugin-pwa build.
        'virtual:pwa-register/react': here('./src/test/pwa-register-stub.ts'),
      },
    },
    test: {
      name,
      root: here('.'),
      environment: 'jsdom',
      setupFiles: [here('./src/test/setup.ts'), here('../tests/support/vitest-waits.ts')],
      ...files,
      // A screen test renders, types and waits for Dexie and the outbox: on a 2-core CI machine
      // kept busy by other work its 5 s default failed tests that were only slow. A ceiling for a
      // real hang, not a wait: the tests wait for their signals.
      testTimeout: 30_000,
      isolate,
    },
  };
}

const mocking = mockingSuites();

/**
 * The PWA's projects of the root vitest config: jsdom with an in-memory IndexedDB.
 * - `pwa`: the files share their worker's modules (jsdom, React, Dexie and react-aria loaded once
 *   a worker instead of once a file: 200 s to 45 s on a 2-core machine); src/test/setup.ts gives
 *   each file the app's own modules fresh, an empty IndexedDB, empty storage and an empty page;
 * - `pwa-mocked`: the files that replace a module, each in a module registry of its own.
 */
export const pwaProjects: TestProjectInlineConfiguration[] = [
  pwaProject('pwa', { include: [TESTS], exclude: mocking }, false),
  pwaProject('pwa-mocked', { include: mocking }, true),
];
