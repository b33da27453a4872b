import { startFakeStripe } from '../../sync-server/test-support/fakes/stripe.ts';
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
  // Card payments: the server's Stripe SDK talks to a fake on loopback, which sends its
  // signed webhooks back to the server. Carta is offered only to a venue with an account set.
  const stripe = await startFakeStripe();
  const server = await startServer({
    env: {
      COMANDA_DEMO: '1',
      COMANDA_DEMO_PASSWORD: DEMO_PASSWORD,
      COMANDA_FAKE_NOW: eveningInRome(),
      // Every browser of the suite sends from loopback: one address for all its guests' orders.
      DELIVERY_PENDING_PER_ADDRESS: '1000',
      // The one test hook (card-checkout.e2e.ts): the fake clock is moved on over HTTP, so an
      // abandoned card checkout expires without waiting a quarter of an hour.
      COMANDA_CLOCK_CONTROL: '1',
      ...stripe.env,
    },
  });
  stripe.webhookUrl = `${server.url}/api/stripe/webhook`;
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_MAIL_DIR = server.mailDir;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_FAKE_STRIPE_URL = stripe.url;
  return async () => {
    await server.stop();
    await stripe.stop();
  };
}
