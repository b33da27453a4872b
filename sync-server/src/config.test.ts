import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClock } from './clock.ts';
import { ConfigError, loadConfig, publicBase, resolveDatabasePath } from './config.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'comanda-config-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('configuration', () => {
  it('has laptop defaults and keeps a generated session secret beside the database', () => {
    const cwd = tempDir();
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databasePath: join(cwd, 'data', 'comanda.db'),
      mailDir: join(cwd, 'data', 'mail'),
      publicUrl: undefined,
      smtpUrl: undefined,
      demo: false,
      logLevel: 'info',
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(cwd, 'data', 'session-secret'), 'utf8').trim()).toBe(config.sessionSecret);
    expect(loadConfig({}, cwd).sessionSecret).toBe(config.sessionSecret);
    expect(publicBase(config)).toBe('http://localhost:3000');
  });

  it('reads every variable', () => {
    const cwd = tempDir();
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATABASE_URL: 'file:/srv/comanda/db.sqlite',
        PUBLIC_URL: 'https://ordini.example.it/',
        SESSION_SECRET: 'a-very-long-session-secret',
        SMTP_URL: 'smtp://user:pass@mail.example.it:587',
        MAIL_DIR: 'posta',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        COMANDA_DEMO: '1',
        COMANDA_DEMO_PASSWORD: 'demo-password',
        COMANDA_FAKE_NOW: '2025-10-26T01:30:00+02:00',
        LOG_LEVEL: 'warn',
      },
      cwd,
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databasePath: '/srv/comanda/db.sqlite',
      publicUrl: 'https://ordini.example.it',
      sessionSecret: 'a-very-long-session-secret',
      smtpUrl: 'smtp://user:pass@mail.example.it:587',
      mailDir: join(cwd, 'posta'),
      mailFrom: 'Comanda <no-reply@ordini.example.it>',
      stripe: { secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x' },
      demo: true,
      demoPassword: 'demo-password',
      fakeNow: '2025-10-26T01:30:00+02:00',
      logLevel: 'warn',
    });
    expect(publicBase(config)).toBe('https://ordini.example.it');
  });

  it('accepts file: URLs, plain paths and :memory:', () => {
    expect(resolveDatabasePath('file:./data/x.db', '/app')).toBe('/app/data/x.db');
    expect(resolveDatabasePath('file:///var/x.db', '/app')).toBe('/var/x.db');
    expect(resolveDatabasePath('db/x.db', '/app')).toBe('/app/db/x.db');
    expect(resolveDatabasePath('/var/x.db', '/app')).toBe('/var/x.db');
    expect(resolveDatabasePath(':memory:', '/app')).toBe(':memory:');
  });

  it('connection limits and allowed hosts: defaults, settings, and a head timeout within the request timeout', () => {
    const cwd = tempDir();
    expect(loadConfig({ DATABASE_URL: ':memory:' }, cwd)).toMatchObject({
      http: {
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 30_000,
        keepAliveTimeoutMs: 5000,
        socketTimeoutMs: 60_000,
        connectionsPerAddress: 512,
      },
      allowedHosts: [],
    });
    const set = loadConfig(
      {
        DATABASE_URL: ':memory:',
        HTTP_HEADERS_TIMEOUT_MS: '5000',
        HTTP_REQUEST_TIMEOUT_MS: '20000',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '2000',
        HTTP_SOCKET_TIMEOUT_MS: '45000',
        MAX_CONNECTIONS_PER_ADDRESS: '0',
        ALLOWED_HOSTS: ' Comanda.Example.it , cassa.lan:3000,, ',
      },
      cwd,
    );
    expect(set.http).toMatchObject({
      headersTimeoutMs: 5000,
      requestTimeoutMs: 20_000,
      keepAliveTimeoutMs: 2000,
      socketTimeoutMs: 45_000,
      connectionsPerAddress: 0,
    });
    expect(set.allowedHosts).toEqual(['comanda.example.it', 'cassa.lan:3000']);
    expect(() => loadConfig({ DATABASE_URL: ':memory:', HTTP_HEADERS_TIMEOUT_MS: '40000' }, cwd)).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS cannot exceed HTTP_REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ DATABASE_URL: ':memory:', MAX_CONNECTIONS_PER_ADDRESS: '-1' }, cwd)).toThrow(
      /MAX_CONNECTIONS_PER_ADDRESS/,
    );
  });

  it('refuses invalid values at boot with every problem listed', () => {
    const cwd = tempDir();
    expect(() => loadConfig({ PORT: 'abc', PUBLIC_URL: 'ftp://x', COMANDA_FAKE_NOW: 'ieri' }, cwd)).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'abc', PUBLIC_URL: 'ftp://x', COMANDA_FAKE_NOW: 'ieri' }, cwd);
    } catch (err) {
      expect(String(err)).toMatch(/PORT[\s\S]*PUBLIC_URL[\s\S]*COMANDA_FAKE_NOW/);
    }
  });
});

describe('clock', () => {
  it('starts at COMANDA_FAKE_NOW and runs on', () => {
    let real = 1_000_000;
    const clock = createClock('2025-03-30T01:59:00+01:00', () => real);
    expect(clock.now().toISOString()).toBe('2025-03-30T00:59:00.000Z');
    real += 90_000;
    expect(clock.now().toISOString()).toBe('2025-03-30T01:00:30.000Z');
    clock.advance(60_000);
    expect(clock.nowMs()).toBe(Date.parse('2025-03-30T01:01:30.000Z'));
    expect(createClock(undefined, () => 42).nowMs()).toBe(42);
  });
});
