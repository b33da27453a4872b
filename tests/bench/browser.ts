import { type Browser, chromium, type LaunchOptions } from '@playwright/test';
import type { RunningServer } from '../support/server.ts';
import { startDemoServer } from './venue.ts';

export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}

/**
 * A browser, then a demo server. The browser goes first and is closed if the server cannot start,
 * so a bench that fails to begin (no Chromium on the machine) leaves nothing running and the
 * bench run goes on to the next one and ends, instead of waiting forever on a server child.
 */
export async function launchWithDemoServer(
  launch: LaunchOptions = chromiumLaunchOptions(),
): Promise<{ browser: Browser; server: RunningServer }> {
  const browser = await chromium.launch(launch);
  try {
    return { browser, server: await startDemoServer() };
  } catch (err) {
    await browser.close();
    throw err;
  }
}
