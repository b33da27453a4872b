import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../bridge.ts';
import { loadConfig } from '../config.ts';
import { bridgeMain, repoRoot } from '../testing/bridge-process.ts';
import { BridgeClient, isAck } from '../testing/client.ts';
import { printMessage, tableData } from '../testing/sample-data.ts';
import { cleanupTempDirs, startTestBridge, tempDir } from '../testing/test-bridge.ts';
import { runCommand } from './cli.ts';
import { ADMIN_SOCKET } from './socket.ts';

/** `npm run print-bridge -- pair | devices | revoke`, on the box, next to the running bridge. */

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
  cleanupTempDirs();
});

async function setup() {
  const dataDir = tempDir();
  const bridge: Bridge = await startTestBridge(dataDir, {
    printers: [{ name: 'cassa', area: 'tutto', target: { type: 'folder', path: 'tickets' } }],
  });
  open.push(bridge);
  const config = loadConfig({ PRINT_BRIDGE_CONFIG: join(dataDir, 'print-bridge.config.json') }, dataDir);
  const run = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runCommand(args, config, (line) => lines.push(line));
    return { code, text: lines.join('\n') };
  };
  return { dataDir, bridge, run };
}

describe('the bridge commands', { timeout: 30_000 }, () => {
  it('pair shows a new code that pairs a tablet; --print also puts it on paper', async () => {
    const { dataDir, bridge, run } = await setup();
    const shown = bridge.pairing.code().code;
    const pair = await run('pair');
    expect(pair.code).toBe(0);
    const code = /pairing code: (\d{6})/.exec(pair.text)?.[1] ?? '';
    expect(code).toBe(bridge.pairing.codes.current()?.code);
    expect(code).not.toBe(shown); // asked: a new code replaces the one shown
    const tablet = await BridgeClient.connect(bridge.port, bridge.tls.caCert);
    open.push(tablet);
    await tablet.pair(code);
    tablet.send(printMessage(tableData(3), { jobId: 'after-pair' }));
    await tablet.waitFor(isAck('after-pair'));

    const printed = await run('pair', '--print');
    expect(printed.text).toMatch(/printed on cassa/);
    const paper = /pairing code: (\d{6})/.exec(printed.text)?.[1] ?? '';
    const tickets = readdirSync(join(dataDir, 'tickets')).filter(
      (f) => f.startsWith('abbinamento-') && f.endsWith('.txt'),
    );
    expect(tickets).toHaveLength(1);
    const text = readFileSync(join(dataDir, 'tickets', tickets[0] ?? ''), 'utf8');
    expect(text).toContain(`${paper.slice(0, 3)} ${paper.slice(3)}`);
    expect(text.replace(/\s+/g, ' ')).toContain('Profilo > Stampante > Codice di abbinamento');
    // The admin door is a Unix socket for the bridge's user only.
    expect(statSync(join(dataDir, ADMIN_SOCKET)).mode & 0o777).toBe(0o600);
  });

  it('devices lists the paired tablets; revoke forgets one, running or stopped', async () => {
    const { bridge, run } = await setup();
    expect((await run('devices')).text).toBe('no paired devices');
    const tablet = await BridgeClient.connect(bridge.port, bridge.tls.caCert);
    open.push(tablet);
    await tablet.pair(bridge.pairing.code().code, 'Tablet sala');
    const second = await BridgeClient.connect(bridge.port, bridge.tls.caCert);
    open.push(second);
    await second.pair(bridge.pairing.newCode().code, 'Tablet banco');
    const [sala, banco] = bridge.pairing.devices();
    const listed = await run('devices');
    expect(listed.text).toContain(`${sala?.id}`);
    expect(listed.text).toContain('Tablet sala');
    expect(listed.text).toContain('Tablet banco');

    expect(await run('revoke', sala?.id ?? '')).toMatchObject({ code: 0 });
    tablet.send(printMessage(tableData(4), { jobId: 'revoked' }));
    const refused = await tablet.waitFor((f) => f.event === 'PRINT_ERROR');
    expect(refused).toMatchObject({ data: { code: 'NOT_PAIRED', jobId: 'revoked' } });
    expect(await run('revoke', 'abcdef12')).toMatchObject({ code: 1, text: 'no paired device abcdef12' });
    expect(await run('revoke', 'nope')).toMatchObject({ code: 2 });

    // Stopped: the data folder answers for devices and revoke; pair needs the running bridge.
    await bridge.close();
    open.splice(open.indexOf(bridge), 1);
    expect((await run('devices')).text).toContain('Tablet banco');
    expect(await run('revoke', banco?.id ?? '')).toMatchObject({ code: 0 });
    expect((await run('devices')).text).toBe('no paired devices');
    expect(await run('pair')).toMatchObject({ code: 1, text: expect.stringMatching(/not running/) });
  });

  it('npm run print-bridge -- pair runs the command, not a second bridge', async () => {
    const { dataDir, bridge } = await setup();
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', bridgeMain, 'pair'], {
      cwd: repoRoot,
      env: { ...process.env, PRINT_BRIDGE_CONFIG: join(dataDir, 'print-bridge.config.json') },
    });
    expect(stdout).toMatch(/^pairing code: \d{6} \(valid until \d\d:\d\d, for one device\)/);
    expect(stdout).toContain(bridge.pairing.codes.current()?.code ?? 'none');
  });
});
