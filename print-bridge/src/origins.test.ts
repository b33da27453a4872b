import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { fromLoopback } from './http/server.ts';
import { defaultAppOrigins, normalizeOrigin, originAllowed } from './origins.ts';
import { cleanupTempDirs, tempDir } from './testing/test-bridge.ts';

afterEach(cleanupTempDirs);

describe('allowed origins', () => {
  it('are origins as a browser sends them', () => {
    expect(normalizeOrigin('HTTP://Cassa.Local:3000/')).toBe('http://cassa.local:3000');
    expect(normalizeOrigin('https://comanda.example:443')).toBe('https://comanda.example');
    for (const wrong of ['null', '', 'file:///x', 'http://a/b', 'cassa.local:3000', 'http://u:p@a']) {
      expect(normalizeOrigin(wrong)).toBeNull();
    }
  });

  it('default to the app on this machine, by every name, on port 3000', () => {
    expect(defaultAppOrigins(['localhost', '192.168.1.20', 'fe80::1'])).toEqual([
      'http://localhost:3000',
      'https://localhost:3000',
      'http://192.168.1.20:3000',
      'https://192.168.1.20:3000',
      'http://[fe80::1]:3000',
      'https://[fe80::1]:3000',
    ]);
    const allowed = new Set(defaultAppOrigins(['localhost']));
    expect(originAllowed(allowed, 'http://localhost:3000')).toBe(true);
    expect(originAllowed(allowed, 'https://evil.example')).toBe(false);
    expect(originAllowed(allowed, 'null')).toBe(false);
    // No Origin at all is not a web page (curl, Node): the device token decides.
    expect(originAllowed(allowed, undefined)).toBe(true);
  });

  it('come from COMANDA_APP_ORIGIN, else the settings, else the default', () => {
    const cwd = tempDir();
    const defaults = loadConfig({}, cwd);
    expect(defaults.originsFrom).toBe('default');
    expect(defaults.allowedOrigins).toContain('http://localhost:3000');
    expect(defaults.allowedOrigins).toContain('http://127.0.0.1:3000');

    writeFileSync(
      join(cwd, 'print-bridge.config.json'),
      JSON.stringify({ allowedOrigins: ['https://comanda.example/'] }),
    );
    expect(loadConfig({}, cwd)).toMatchObject({
      allowedOrigins: ['https://comanda.example'],
      originsFrom: 'settings',
    });
    expect(
      loadConfig({ COMANDA_APP_ORIGIN: 'http://cassa.local:3000, http://192.168.1.20:3000' }, cwd),
    ).toMatchObject({
      allowedOrigins: ['http://cassa.local:3000', 'http://192.168.1.20:3000'],
      originsFrom: 'COMANDA_APP_ORIGIN',
    });
    expect(() => loadConfig({ COMANDA_APP_ORIGIN: 'cassa.local' }, cwd)).toThrow(
      /COMANDA_APP_ORIGIN: not a web origin/,
    );
    writeFileSync(join(cwd, 'print-bridge.config.json'), JSON.stringify({ allowedOrigins: ['*'] }));
    expect(() => loadConfig({}, cwd)).toThrow(/allowedOrigins: not a web origin/);
  });
});

describe('the box itself', () => {
  it('is a loopback address, nothing on the LAN', () => {
    expect(fromLoopback('127.0.0.1')).toBe(true);
    expect(fromLoopback('::1')).toBe(true);
    expect(fromLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(fromLoopback('192.168.1.30')).toBe(false);
    expect(fromLoopback('::ffff:192.168.1.30')).toBe(false);
    expect(fromLoopback(undefined)).toBe(false);
  });
});
