import './types.ts';
import { readFileSync } from 'node:fs';
import { AppError, type CallDef, MAX_CLIENT_FRAME_BYTES, t } from '@comanda/shared-schema';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { accountRoutes } from './auth/account-routes.ts';
import { hashPassword } from './auth/passwords.ts';
import { SessionStore } from './auth/sessions.ts';
import { chatPlugin } from './chat/index.ts';
import { createClock } from './clock.ts';
import type { Config } from './config.ts';
import { dashboardPlugin } from './dashboard/index.ts';
import { deliveryPlugin } from './delivery/index.ts';
import { seedDemo } from './demo/demo-seed.ts';
import { clockControlRoute } from './http/clock-control.ts';
import { installCompression } from './http/compression.ts';
import { capConnectionsPerAddress, clientErrorHandler, timeoutOptions } from './http/connections.ts';
import { installClosingGuard, installErrorHandler, sendError } from './http/errors.ts';
import { installHostCheck } from './http/host-check.ts';
import { installJsonParser } from './http/json-parser.ts';
import { hasPwa, installPwa, isAppNavigation, sendShell } from './http/pwa-static.ts';
import { rateLimitStore } from './http/rate-limit-store.ts';
import { installCsrfGuard, installSecurityHeaders } from './http/security.ts';
import { msg } from './lib/messages.ts';
import { MemoryQuotas } from './lib/quota.ts';
import { createLocalBus, type LiveBus } from './live/bus.ts';
import { CLOSE_GOING_AWAY, LiveHub } from './live/hub.ts';
import { liveRoutes } from './live/live-route.ts';
import { createPgBus } from './live/pg-bus.ts';
import { createMailer } from './mail/mailer.ts';
import { menuPlugin } from './menu/index.ts';
import { orderingPlugin } from './ordering/index.ts';
import { createCardPayments } from './payments/card-service.ts';
import { createCheckoutSweeper } from './payments/checkout-expiry.ts';
import { paymentsPlugin } from './payments/index.ts';
import { profilePlugin } from './profile/index.ts';
import { roomsPlugin } from './rooms/index.ts';
import { openDataStore } from './store/open-store.ts';
import { SyncCore } from './sync/sync-core.ts';
import { syncRoutes } from './sync/sync-routes.ts';
import { tableCallsPlugin } from './table-calls/index.ts';
import { registerVenueSnapshot } from './venue/venue-settings.ts';

export interface AppOptions {
  /** Live fan-out between instances; default: in-process. */
  bus?: LiveBus;
}

/** Request bodies above this are refused with 413 (the largest real one is an order). */
export const BODY_LIMIT = 256 * 1024;

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version?: string;
  };
  return pkg.version ?? '0.0.0';
}

/** How often expired sessions are deleted, beside each login's pass. */
const SESSION_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The app factory, used by `main.ts` and by the tests. Opens the database (applying
 * migrations), wires services and routes; the caller listens (or injects) and closes.
 * Not ready yet when returned: a test may still add routes before `ready()`.
 */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  // Validation messages in Italian: they reach people through the error envelope. A missing
  // field reads as the spec's 'Campo obbligatorio'.
  z.config(z.locales.it());
  z.config({
    customError: (issue) =>
      issue.code === 'invalid_type' && issue.input === undefined ? t.requiredField : undefined,
  });

  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    // While closing, new requests get the one error envelope instead (installClosingGuard).
    return503OnClosing: false,
    // Head, body, keep-alive and idle timeouts; parser refusals answered with the envelope.
    ...timeoutOptions(config.http),
    clientErrorHandler,
  });

  const clock = createClock(config.fakeNow);
  if (!config.trustProxy && config.http.connectionsPerAddress > 0) {
    capConnectionsPerAddress(app.server, config.http.connectionsPerAddress, app.log, () => clock.nowMs());
  }
  const store = await openDataStore(config, (message) => app.log.warn(message));
  const secureCookie = config.publicUrl?.startsWith('https://') ?? false;
  // Hosted, several instances share the live events through the database (live/pg-bus.ts).
  const pgBus = !options.bus && config.postgres ? createPgBus(config.postgres.url, app.log) : null;
  const hub = new LiveHub(options.bus ?? pgBus ?? createLocalBus(), app.log, {
    pingIntervalMs: config.livePingIntervalMs,
    nowMs: () => clock.nowMs(),
    caps: { perAddress: config.liveMaxSocketsPerAddress },
  });
  const mailer = createMailer(
    { smtpUrl: config.smtpUrl, mailDir: config.mailDir, from: config.mailFrom },
    clock,
    app.log,
    store,
  );
  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('store', store);
  app.decorate(
    'sessions',
    new SessionStore(store, clock, config.sessionSecret, secureCookie, (err) =>
      app.log.warn({ err }, 'session bookkeeping not written'),
    ),
  );
  app.decorate('hub', hub);
  app.decorate('sync', new SyncCore(store, clock, hub, app.log));
  app.decorate('mailer', mailer);
  const checkouts = createCheckoutSweeper(app);
  app.decorate('checkouts', checkouts);
  // Hosted, every instance counts in one place: a limit holds whichever instance a request reaches.
  app.decorate('quotas', store.sharedQuotas?.(() => clock.nowMs()) ?? new MemoryQuotas(() => clock.nowMs()));
  app.decorate('registeredCalls', [] as CallDef[]);
  app.decorate('appVersion', readVersion());
  app.decorate('demo', null);

  // Expired sessions are also pruned at each login; a hosted instance may see few logins for days.
  let pruning: NodeJS.Timeout | undefined;
  app.addHook('onClose', async () => {
    clearInterval(pruning);
    hub.stop();
    await pgBus?.close();
    // A pass under way ends before the database closes; the next start sweeps the rest.
    await checkouts.close();
    // Mails wait in the outbox: the next start sends what this one did not.
    await mailer.close();
    await store.close();
  });
  app.addHook('onReady', async () => {
    await pgBus?.ready();
    await mailer.start();
    checkouts.start();
    pruning = setInterval(() => {
      app.sessions.prune().catch((err: unknown) => app.log.warn({ err }, 'expired sessions not pruned'));
    }, SESSION_PRUNE_INTERVAL_MS);
    pruning.unref();
  });

  installErrorHandler(app);
  installClosingGuard(app);
  installJsonParser(app);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', msg.rateLimited),
    // Hosted, the routes' limits count where every instance counts (the quotas above).
    ...(store.sharedQuotas ? { store: rateLimitStore(app.quotas) } : {}),
  });
  await installSecurityHeaders(app, config);
  installCsrfGuard(app, config);
  await app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_FRAME_BYTES },
    // A frame ws refuses (over the size limit) is the client's doing, not an error line.
    errorHandler: (error, socket) => hub.socketError(error, socket),
    // Shutdown: 1001 tells clients to reconnect (to this server once back, or another one).
    preClose(done) {
      hub.closeAll(CLOSE_GOING_AWAY, 'server shutting down');
      const force = setTimeout(() => {
        for (const client of this.websocketServer.clients) client.terminate();
      }, 2000);
      force.unref();
      this.websocketServer.close(() => {
        clearTimeout(force);
        done();
      });
    },
  });

  // After the websocket plugin: its own onRequest hook must mark an upgrade first, so that a
  // refused upgrade's socket is closed once the refusal is written.
  installHostCheck(app, config, () => clock.nowMs());

  const pwa = hasPwa(config.pwaDist);
  app.setNotFoundHandler((req, reply) => {
    if (pwa && isAppNavigation(req)) return sendShell(req, reply);
    return sendError(reply, new AppError('NOT_FOUND', msg.notFound));
  });
  // The built PWA first, then compression, then the API: compression applies to the routes
  // registered after it, and the PWA's files go out precompressed at build time instead.
  if (pwa) await installPwa(app, config.pwaDist);
  await installCompression(app);

  registerVenueSnapshot(app.sync);
  // Features stand side by side: the two that take card payments get them from payments here.
  const cards = createCardPayments(app);
  await app.register(accountRoutes);
  await app.register(syncRoutes);
  await app.register(liveRoutes);
  await app.register(roomsPlugin);
  await app.register(menuPlugin);
  await app.register(orderingPlugin);
  await app.register(dashboardPlugin, { cards });
  await app.register(tableCallsPlugin);
  await app.register(chatPlugin);
  await app.register(deliveryPlugin, { cards });
  await app.register(profilePlugin);
  await app.register(paymentsPlugin);
  await app.register(import('./reports/index.ts'));
  await app.register(clockControlRoute);

  await app.sessions.prune();
  if (config.demo) app.demo = await seedDemo(store, clock, config.demoPassword, hashPassword);
  return app;
}
