import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser. Flags keep it off the (closed) network.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../../test-results',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    // Every fresh context would install the service worker and precache a hundred files in the
    // background, on the same 2 cores as the journey (about a fifth of an online journey's time).
    // It changes only what a device does offline: a device that goes offline in its journey
    // allows it (fixtures.ts GOES_OFFLINE), and wire.e2e.ts tests the worker itself.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
