import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LIVE_PING_INTERVAL_MS,
  ORDER_QUOTA_PER_ADDRESS,
  ORDER_QUOTA_PER_SESSION,
  ORDER_QUOTA_PER_TABLE,
} from '@comanda/shared-schema';
import { z } from 'zod';

/**
 * Settings from the environment (DESIGN.md "Persistence and processes"), validated at boot with
 * defaults that work on a laptop. `loadConfig` is the only place that reads `process.env`.
 */
const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().min(1).default('file:./data/comanda.db'),
  /** Hosted (DATABASE_URL=postgres://...): connections this instance may hold. */
  PG_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  /** Hosted: how long a write waits for its venue's lock before it answers 503 (SQLite's busy wait). */
  PG_LOCK_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(5000),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SESSION_SECRET: optionalString.pipe(z.string().min(16).optional()),
  SMTP_URL: optionalString,
  MAIL_DIR: z.string().min(1).default('./data/mail'),
  MAIL_FROM: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Another Stripe API origin (tests and e2e: the fake on loopback); unset = api.stripe.com. */
  STRIPE_API_BASE: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Social sign-in: each provider is on only when its ids are set. */
  GOOGLE_CLIENT_ID: optionalString,
  FACEBOOK_APP_ID: optionalString,
  FACEBOOK_APP_SECRET: optionalString,
  /** Test and self-hosting knobs: the providers' key set and Graph API base (fakes on loopback). */
  GOOGLE_JWKS_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  FACEBOOK_GRAPH_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  COMANDA_DEMO: flag,
  COMANDA_DEMO_PASSWORD: optionalString.pipe(z.string().min(8).optional()),
  COMANDA_FAKE_NOW: optionalString.pipe(z.iso.datetime({ offset: true }).optional()),
  /**
   * Tests only, with COMANDA_FAKE_NOW: `POST /api/_test/clock/advance` moves that clock on (and
   * runs the card checkouts' sweep), so end-to-end journeys see a checkout expire without waiting
   * a quarter of an hour. Never set it on a real server.
   */
  COMANDA_CLOCK_CONTROL: flag,
  COMANDA_PWA_DIST: optionalString,
  /**
   * Deliveries and pickups awaiting the owner's decision that one account, and one address, may
   * hold at a venue (delivery/senders.ts). Raise the address cap where many customers share one
   * public address (a carrier's NAT) or every client is loopback (the e2e suite, the benches).
   */
  DELIVERY_PENDING_PER_SENDER: z.coerce.number().int().min(1).max(1_000_000).default(2),
  DELIVERY_PENDING_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /**
   * Customers' orders per 10 minutes per session, per table and per client address
   * (ordering/order-quotas.ts; the defaults fit a full venue, see shared-schema constants.ts).
   * Raise them only for load tools that send far more than an evening's service (benches).
   */
  ORDER_QUOTA_PER_SESSION: z.coerce.number().int().min(1).max(1_000_000).default(ORDER_QUOTA_PER_SESSION),
  ORDER_QUOTA_PER_TABLE: z.coerce.number().int().min(1).max(1_000_000).default(ORDER_QUOTA_PER_TABLE),
  ORDER_QUOTA_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(ORDER_QUOTA_PER_ADDRESS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag,
  /**
   * Live sockets one client address may hold (live/limits.ts): a full venue behind one public
   * address fits the default; raise it where more clients share one (a carrier's NAT, benches).
   */
  LIVE_MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(500),
  /**
   * Connection limits (DESIGN.md "Abuse": a slow or idle client is cut off). Milliseconds; the
   * defaults suit a venue and a hosted server alike (README, "Configuration").
   */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  HTTP_SOCKET_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** Open connections (websockets included) one client address may hold; 0 = no cap. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(512),
  /** Host names the server answers to besides its own (comma-separated; `*` = any). */
  ALLOWED_HOSTS: optionalString,
});

/** Google's published signing keys for ID tokens. */
const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
/** Pinned Graph API version: a newer one is a deliberate change, not a surprise. */
const FACEBOOK_GRAPH_URL = 'https://graph.facebook.com/v22.0';

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the SQLite file, or ':memory:'; '' when hosted on PostgreSQL. */
  databasePath: string;
  /** Hosted (DESIGN.md "Hosted"): the PostgreSQL database instead of the SQLite file. */
  postgres: { url: string; poolMax: number; lockTimeoutMs: number } | undefined;
  /** Folder of the database file: where the generated session secret lives. */
  dataDir: string;
  /** The app's own origin as people reach it (links in mails, CSRF origin, Secure cookies). */
  publicUrl: string | undefined;
  sessionSecret: string;
  smtpUrl: string | undefined;
  mailDir: string;
  mailFrom: string;
  stripe: {
    secretKey?: string;
    publishableKey?: string;
    webhookSecret?: string;
    /** Origin of the Stripe API the SDK talks to (`STRIPE_API_BASE`); undefined = Stripe's own. */
    apiBase?: string;
  };
  /** Social sign-in for customers; a provider is undefined when not configured (hidden). */
  social: {
    google?: { clientId: string; jwksUrl: string };
    facebook?: { appId: string; appSecret: string; graphUrl: string };
  };
  demo: boolean;
  demoPassword: string | undefined;
  /** ISO instant the server clock starts at (then runs on). */
  fakeNow: string | undefined;
  /** Tests only: the clock may be moved on over HTTP (http/clock-control.ts). */
  clockControl: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** Built PWA folder served by the server when it exists. */
  pwaDist: string;
  /**
   * Check success answers against their response schema: 'throw' (tests: a mismatch is a 500),
   * 'log' (development: logged, still sent), 'off' (NODE_ENV=production).
   */
  responseCheck: 'throw' | 'log' | 'off';
  /** Live keep-alive interval (tests shorten it). */
  livePingIntervalMs: number;
  /** Live sockets per client address (req.ip, so the forwarded one behind TRUST_PROXY). */
  liveMaxSocketsPerAddress: number;
  /** Pending deliveries one sender (account) and one address may hold per venue. */
  deliveryPending: { perSender: number; perAddress: number };
  /** Customers' orders per 10 minutes (ordering/order-quotas.ts). */
  orderQuotas: { perSession: number; perTable: number; perAddress: number };
  /** How long a connection may take or idle (see http/connections.ts). */
  http: HttpLimits;
  /**
   * Host names (lowercase, no port) the server answers to besides PUBLIC_URL's, localhost and
   * the box's own names and addresses (http/host-check.ts); ['*'] turns the check off.
   */
  allowedHosts: string[];
}

export interface HttpLimits {
  /** A connection must send a complete request head within this (a silent one is closed). */
  headersTimeoutMs: number;
  /** A whole request, body included, must arrive within this (a slow drip is cut). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (Node adds one second). */
  keepAliveTimeoutMs: number;
  /** A socket with no traffic either way for this long is closed. */
  socketTimeoutMs: number;
  /** How often the server checks the two timeouts above (tests shorten it). */
  checkIntervalMs: number;
  /** Open connections per client address; 0 = no cap. Not applied behind a proxy. */
  connectionsPerAddress: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** `file:./x.db`, `file:/abs/x.db`, a plain path, or `:memory:` -> absolute path or ':memory:'. */
export function resolveDatabasePath(url: string, cwd: string): string {
  if (url === ':memory:' || url === 'file::memory:') return ':memory:';
  const path = url.startsWith('file:') ? url.slice('file:'.length).replace(/^\/\/(?=\/)/, '') : url;
  return isAbsolute(path) ? path : resolve(cwd, path);
}

/** The secret is generated once and kept beside the database, so sessions survive restarts. */
function loadOrCreateSecret(dataDir: string, inMemory: boolean): string {
  if (inMemory) return randomBytes(32).toString('base64url');
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The store a DATABASE_URL names: `postgres://` or `postgresql://` hosted, anything else a SQLite file. */
export type StoreDialect = 'sqlite' | 'postgres';

export function dialectOf(databaseUrl: string | undefined): StoreDialect {
  return /^postgres(ql)?:\/\//i.test(databaseUrl?.trim() ?? '') ? 'postgres' : 'sqlite';
}

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const hosted = dialectOf(e.DATABASE_URL) === 'postgres';
  const databasePath = hosted ? '' : resolveDatabasePath(e.DATABASE_URL, cwd);
  const inMemory = databasePath === ':memory:';
  const dataDir = inMemory || hosted ? resolve(cwd, 'data') : dirname(databasePath);
  if (hosted && !e.SESSION_SECRET) {
    // Every instance must sign and check the same sessions: a secret generated on one box's
    // disk would log everyone out on the next instance they reach.
    throw new ConfigError(
      'Invalid configuration:\n  SESSION_SECRET is required with a PostgreSQL DATABASE_URL (the same on every instance)',
    );
  }
  const publicUrl = e.PUBLIC_URL?.replace(/\/+$/, '');
  if (Boolean(e.FACEBOOK_APP_ID) !== Boolean(e.FACEBOOK_APP_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  FACEBOOK_APP_ID and FACEBOOK_APP_SECRET go together');
  }
  if (e.COMANDA_CLOCK_CONTROL && !e.COMANDA_FAKE_NOW) {
    throw new ConfigError(
      'Invalid configuration:\n  COMANDA_CLOCK_CONTROL needs COMANDA_FAKE_NOW (tests only)',
    );
  }
  const mailHost = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      'Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS cannot exceed HTTP_REQUEST_TIMEOUT_MS',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databasePath,
    postgres: hosted
      ? { url: e.DATABASE_URL.trim(), poolMax: e.PG_POOL_MAX, lockTimeoutMs: e.PG_LOCK_TIMEOUT_MS }
      : undefined,
    dataDir,
    publicUrl,
    sessionSecret: e.SESSION_SECRET ?? loadOrCreateSecret(dataDir, inMemory),
    smtpUrl: e.SMTP_URL,
    mailDir: resolve(cwd, e.MAIL_DIR),
    mailFrom: e.MAIL_FROM ?? `Comanda <no-reply@${mailHost}>`,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    social: {
      google: e.GOOGLE_CLIENT_ID
        ? { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL ?? GOOGLE_JWKS_URL }
        : undefined,
      facebook:
        e.FACEBOOK_APP_ID && e.FACEBOOK_APP_SECRET
          ? {
              appId: e.FACEBOOK_APP_ID,
              appSecret: e.FACEBOOK_APP_SECRET,
              graphUrl: (e.FACEBOOK_GRAPH_URL ?? FACEBOOK_GRAPH_URL).replace(/\/+$/, ''),
            }
          : undefined,
    },
    demo: e.COMANDA_DEMO,
    demoPassword: e.COMANDA_DEMO_PASSWORD,
    fakeNow: e.COMANDA_FAKE_NOW,
    clockControl: e.COMANDA_CLOCK_CONTROL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    pwaDist: e.COMANDA_PWA_DIST ? resolve(cwd, e.COMANDA_PWA_DIST) : resolve(packageDir, '../pwa/dist'),
    responseCheck: env.NODE_ENV === 'production' ? 'off' : env.NODE_ENV === 'test' ? 'throw' : 'log',
    livePingIntervalMs: LIVE_PING_INTERVAL_MS,
    liveMaxSocketsPerAddress: e.LIVE_MAX_SOCKETS_PER_ADDRESS,
    deliveryPending: { perSender: e.DELIVERY_PENDING_PER_SENDER, perAddress: e.DELIVERY_PENDING_PER_ADDRESS },
    orderQuotas: {
      perSession: e.ORDER_QUOTA_PER_SESSION,
      perTable: e.ORDER_QUOTA_PER_TABLE,
      perAddress: e.ORDER_QUOTA_PER_ADDRESS,
    },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      socketTimeoutMs: e.HTTP_SOCKET_TIMEOUT_MS,
      checkIntervalMs: 1000,
      connectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    },
    allowedHosts: (e.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter((h) => h !== ''),
  };
}

/** The base of links sent by mail and printed at start-up. */
export function publicBase(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}
