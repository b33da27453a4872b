import { startServer } from '../support/server.ts';

export const DEMO_PASSWORD = 'demo-password-e2e';

/**
 * One real server (production build of the PWA, embedded SQLite in a temp folder, demo venue)
 * for the whole run. Its address and folders reach the workers through the environment.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer({ env: { COMANDA_DEMO: '1', COMANDA_DEMO_PASSWORD: DEMO_PASSWORD } });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_MAIL_DIR = server.mailDir;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
  };
}
