import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIVE_PING_INTERVAL_MS } from '@comanda/shared-schema';
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
  /** Social sign-in (issue 10): each provider is on only when its ids are set. */
  GOOGLE_CLIENT_ID: optionalString,
  FACEBOOK_APP_ID: optionalString,
  FACEBOOK_APP_SECRET: optionalString,
  /** Test and self-hosting knobs: the providers' key set and Graph API base (fakes on loopback). */
  GOOGLE_JWKS_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  FACEBOOK_GRAPH_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  COMANDA_DEMO: flag,
  COMANDA_DEMO_PASSWORD: optionalString.pipe(z.string().min(8).optional()),
  COMANDA_FAKE_NOW: optionalString.pipe(z.iso.datetime({ offset: true }).optional()),
  COMANDA_PWA_DIST: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag,
});

/** Google's published signing keys for ID tokens. */
const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
/** Pinned Graph API version: a newer one is a deliberate change, not a surprise. */
const FACEBOOK_GRAPH_URL = 'https://graph.facebook.com/v22.0';

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the SQLite file, or ':memory:'. */
  databasePath: string;
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
  const databasePath = resolveDatabasePath(e.DATABASE_URL, cwd);
  const inMemory = databasePath === ':memory:';
  const dataDir = inMemory ? resolve(cwd, 'data') : dirname(databasePath);
  const publicUrl = e.PUBLIC_URL?.replace(/\/+$/, '');
  if (Boolean(e.FACEBOOK_APP_ID) !== Boolean(e.FACEBOOK_APP_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  FACEBOOK_APP_ID and FACEBOOK_APP_SECRET go together');
  }
  const mailHost = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  return {
    port: e.PORT,
    host: e.HOST,
    databasePath,
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
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    pwaDist: e.COMANDA_PWA_DIST ? resolve(cwd, e.COMANDA_PWA_DIST) : resolve(packageDir, '../pwa/dist'),
    responseCheck: env.NODE_ENV === 'production' ? 'off' : env.NODE_ENV === 'test' ? 'throw' : 'log',
    livePingIntervalMs: LIVE_PING_INTERVAL_MS,
  };
}

/** The base of links sent by mail and printed at start-up. */
export function publicBase(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}
