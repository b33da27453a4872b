import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { cleanupTempDirs, tempDir } from './testing/test-bridge.ts';

afterEach(cleanupTempDirs);

describe('loadConfig', () => {
  it('works with no file: port 3001, one folder printer for every area', () => {
    const cwd = tempDir();
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({ port: 3001, host: '0.0.0.0', dataDir: join(cwd, 'data', 'print-bridge') });
    expect(config.configFile).toBeNull();
    expect(config.printers).toEqual([
      expect.objectContaining({
        name: 'cassa',
        area: 'tutto',
        ticket: 'receipt',
        target: { type: 'folder', path: join(cwd, 'data', 'print-bridge', 'tickets') },
      }),
    ]);
  });

  it('reads print-bridge.config.json; paths are relative to the file; env wins', () => {
    const cwd = tempDir();
    const dir = join(cwd, 'conf');
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'bridge.json'),
      JSON.stringify({
        port: 4000,
        dataDir: 'state',
        printers: [
          { name: 'cassa', area: 'tutto', target: { type: 'tcp', host: '192.168.1.50' } },
          { name: 'cucina', area: 'cucina', target: { type: 'device', path: 'lp0' }, backup: 'Cassa' },
          { name: 'bar', area: 'bar', target: { type: 'folder', path: '/srv/bar' }, columns: 32 },
        ],
        failoverAfterSeconds: 30,
      }),
    );
    const config = loadConfig({ PRINT_BRIDGE_CONFIG: 'conf/bridge.json', PRINT_BRIDGE_PORT: '5000' }, cwd);
    expect(config.port).toBe(5000);
    expect(config.dataDir).toBe(join(dir, 'state'));
    const [cassa, cucina, bar] = config.printers;
    expect(cassa?.target).toEqual({ type: 'tcp', host: '192.168.1.50', port: 9100, paperCheck: false });
    expect(cucina).toMatchObject({ ticket: 'kitchen', backup: 'cassa', failoverAfterMs: 30_000 });
    expect(cucina?.target).toEqual({ type: 'device', path: join(dir, 'lp0') });
    expect(bar).toMatchObject({ columns: 32, codepage: 'cp858', backup: null });
  });

  it('finds the file in the working folder', () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'print-bridge.config.json'), JSON.stringify({ venueName: 'Da Mario' }));
    expect(loadConfig({}, cwd)).toMatchObject({
      venueName: 'Da Mario',
      configFile: join(cwd, 'print-bridge.config.json'),
    });
  });

  it('loads the example settings of the README', () => {
    const example = join(import.meta.dirname, '..', 'print-bridge.config.example.json');
    const config = loadConfig({ PRINT_BRIDGE_CONFIG: example }, tempDir());
    expect(config.printers.map((p) => [p.name, p.area, p.ticket, p.backup])).toEqual([
      ['cassa', 'tutto', 'receipt', null],
      ['cucina', 'cucina', 'kitchen', 'cassa'],
      ['bar', 'bar', 'kitchen', 'cassa'],
      ['prova', 'fritti', 'kitchen', null],
    ]);
    expect(config.printers[3]?.target).toEqual({
      type: 'folder',
      path: join(import.meta.dirname, '..', 'tickets'),
    });
  });

  it('refuses wrong settings with a message naming them', () => {
    const cwd = tempDir();
    const write = (value: unknown) =>
      writeFileSync(join(cwd, 'print-bridge.config.json'), JSON.stringify(value));
    const target = { type: 'folder', path: 'x' };
    write({ printers: [{ name: 'a', area: 'cucina', target, backup: 'nessuna' }] });
    expect(() => loadConfig({}, cwd)).toThrow(/backup: no printer named 'nessuna'/);
    write({ printers: [{ name: 'a', area: 'sala', target }] });
    expect(() => loadConfig({}, cwd)).toThrow(ConfigError);
    write({
      printers: [
        { name: 'a', area: 'bar', target },
        { name: 'A', area: 'bar', target },
      ],
    });
    expect(() => loadConfig({}, cwd)).toThrow(/used twice/);
    write({ prot: 1 });
    expect(() => loadConfig({}, cwd)).toThrow(/invalid settings/);
    expect(() => loadConfig({ PRINT_BRIDGE_CONFIG: 'missing.json' }, cwd)).toThrow(/no such file/);
    expect(() => loadConfig({ PRINT_BRIDGE_PORT: 'abc', PRINT_BRIDGE_CONFIG: '' }, tempDir())).toThrow(
      /port/,
    );
  });
});
