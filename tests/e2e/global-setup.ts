import { startServer } from '../support/server.ts';

export const DEMO_PASSWORD = 'demo-password-e2e';

/**
 * One real server (production build of the PWA, embedded SQLite in a temp folder, demo venue)
 * for the whole run. Its address and folders reach the workers through the environment.
 */
/**
 * An instant at most a day ago when it was 20:30 in Rome: the demo venue (18:00-02:00) is open
 * whenever the suite runs, and cookies the server dates stay valid in the browser's real clock.
 */
export function eveningInRome(now = new Date()): string {
  const [h, m] = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Rome',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(now)
    .split(':')
    .map(Number);
  const sinceEvening = ((h ?? 0) * 60 + (m ?? 0) - (20 * 60 + 30) + 1440) % 1440;
  return new Date(now.getTime() - sinceEvening * 60_000).toISOString();
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer({
    env: { COMANDA_DEMO: '1', COMANDA_DEMO_PASSWORD: DEMO_PASSWORD, COMANDA_FAKE_NOW: eveningInRome() },
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_MAIL_DIR = server.mailDir;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
  };
}
