import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BridgeFrame } from '@comanda/shared-schema';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Bridge } from './bridge.ts';
import { BridgeClient, isAck, isError, isQueued } from './testing/client.ts';
import { httpsGet, httpsRequest } from './testing/https-get.ts';
import { printMessage, tableData } from './testing/sample-data.ts';
import { cleanupTempDirs, startTestBridge, tempDir } from './testing/test-bridge.ts';
import { machineNames } from './tls.ts';

/**
 * The bridge prints only for paired tablets (DESIGN.md "Abuse"): a web page of another site
 * cannot open its socket, a message without a paired device's token prints nothing, the pairing
 * code cannot be guessed, and the status is not readable from another site.
 */

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
  cleanupTempDirs();
});

const FOLDER = {
  printers: [{ name: 'cassa', area: 'tutto' as const, target: { type: 'folder' as const, path: 'tickets' } }],
};
const APP = 'http://cassa.local:3000';

async function bridgeIn(dataDir: string, extra: Record<string, unknown> = {}): Promise<Bridge> {
  const bridge = await startTestBridge(dataDir, { ...FOLDER, ...extra });
  open.push(bridge);
  return bridge;
}

async function connect(bridge: Bridge, origin?: string): Promise<BridgeClient> {
  const c = await BridgeClient.connect(bridge.port, bridge.tls.caCert, '127.0.0.1', origin ? { origin } : {});
  open.push(c);
  return c;
}

/** The first answer about a job: refused, queued or printed. */
const answered = (jobId: string) => (f: BridgeFrame) =>
  (f.event === 'PRINT_ERROR' && f.data.jobId === jobId) || isQueued(jobId)(f) || isAck(jobId)(f);
const pairAnswer = (f: BridgeFrame) =>
  f.event === 'PAIRED' || (f.event === 'PRINT_ERROR' && f.data.code.startsWith('PAIRING'));
const ticketsIn = (dataDir: string) =>
  existsSync(join(dataDir, 'tickets')) ? readdirSync(join(dataDir, 'tickets')) : [];
const jobFiles = (dataDir: string) =>
  existsSync(join(dataDir, 'queue'))
    ? readdirSync(join(dataDir, 'queue')).filter((f) => /^\d+\.json$/.test(f))
    : [];
const withToken = (message: string, token: string) => JSON.stringify({ ...JSON.parse(message), token });

/** A socket that opened (true) or was refused at the upgrade (the HTTP status). */
function tryOpen(
  bridge: Bridge,
  origin: string,
): Promise<{ opened: boolean; detail: string; frames: number }> {
  const ws = new WebSocket(`wss://127.0.0.1:${bridge.port}/`, { ca: bridge.tls.caCert, origin });
  let frames = 0;
  ws.on('message', () => {
    frames += 1;
  });
  return new Promise((resolve) => {
    ws.once('open', () => {
      ws.close();
      resolve({ opened: true, detail: 'open', frames });
    });
    ws.once('error', (err) => resolve({ opened: false, detail: err.message, frames }));
  });
}

describe('origins (the app only)', { timeout: 20_000 }, () => {
  it('refuses a foreign web page before any frame; the configured app origin connects', async () => {
    const bridge = await bridgeIn(tempDir(), { allowedOrigins: [APP] });
    const foreign = await tryOpen(bridge, 'https://evil.example');
    expect(foreign).toMatchObject({ opened: false, frames: 0 });
    expect(foreign.detail).toMatch(/403/);
    expect((await tryOpen(bridge, 'null')).opened).toBe(false);
    expect((await tryOpen(bridge, APP)).opened).toBe(true);
  });

  it("by default allows the app on this machine's own names on port 3000, nothing else", async () => {
    const bridge = await bridgeIn(tempDir());
    expect((await tryOpen(bridge, 'https://evil.example')).opened).toBe(false);
    expect((await tryOpen(bridge, 'http://localhost:3001')).opened).toBe(false);
    expect((await tryOpen(bridge, 'http://localhost:3000')).opened).toBe(true);
    const lan = machineNames().find((n) => /^\d+\.\d+\.\d+\.\d+$/.test(n) && n !== '127.0.0.1');
    if (lan) expect((await tryOpen(bridge, `http://${lan}:3000`)).opened).toBe(true);
  });
});

describe('pairing (a code shown by the bridge, then a device token on every job)', {
  timeout: 30_000,
}, () => {
  it('a job without a token, or with an unknown one, is refused and prints nothing', async () => {
    const dataDir = tempDir();
    const bridge = await bridgeIn(dataDir);
    const stranger = await connect(bridge);
    stranger.send(printMessage(tableData(7), { jobId: 'aragosta-1' }));
    stranger.send(withToken(printMessage(tableData(7), { jobId: 'aragosta-2' }), 'A'.repeat(43)));
    stranger.send(withToken(printMessage(tableData(7), { jobId: 'aragosta-3' }), ''));
    for (const jobId of ['aragosta-1', 'aragosta-2', 'aragosta-3']) await stranger.waitFor(answered(jobId));
    expect(stranger.frames.filter((f) => f.event !== 'PRINT_ERROR')).toEqual([]);
    expect(stranger.of('PRINT_ERROR').map((f) => [f.data.code, f.data.jobId])).toEqual([
      ['NOT_PAIRED', 'aragosta-1'],
      ['NOT_PAIRED', 'aragosta-2'],
      ['NOT_PAIRED', 'aragosta-3'],
    ]);
    expect(stranger.of('PRINT_ERROR')[0]?.data.error).toBe(
      'Stampante non abbinata: inserisci il codice in Profilo',
    );
    // Nothing reached the queue or the printer: a paired job afterwards is the only ticket.
    expect(jobFiles(dataDir)).toEqual([]);
    expect(ticketsIn(dataDir)).toEqual([]);
    const tablet = await connect(bridge);
    await tablet.pair(bridge.pairing.code().code);
    tablet.send(printMessage(tableData(8), { jobId: 'vero-1' }));
    await tablet.waitFor(isAck('vero-1'));
    expect(ticketsIn(dataDir).filter((f) => f.endsWith('.txt'))).toHaveLength(1);
    const [preview = ''] = ticketsIn(dataDir).filter((f) => f.endsWith('.txt'));
    expect(readFileSync(join(dataDir, 'tickets', preview), 'utf8')).toContain('Tavolo 8');
  });

  it('tells an unpaired socket nothing: no status on connect or on request', async () => {
    const bridge = await bridgeIn(tempDir());
    const stranger = await connect(bridge);
    stranger.send(JSON.stringify({ type: 'PRINTER_STATUS' }));
    const refused = await stranger.waitFor(isError);
    expect(refused.data.code).toBe('NOT_PAIRED');
    expect(stranger.frames.map((f) => f.event)).toEqual(['PRINT_ERROR']);
  });

  it('the right code gives a device token that prints; only its hash is stored; it survives a restart', async () => {
    const dataDir = tempDir();
    let bridge = await bridgeIn(dataDir);
    const { code, expiresAt } = bridge.pairing.code();
    expect(code).toMatch(/^\d{6}$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    const tablet = await connect(bridge);
    tablet.send(JSON.stringify({ type: 'PAIR', code, label: 'Tablet della cassa' }));
    const paired = await tablet.waitFor(pairAnswer);
    if (paired.event !== 'PAIRED') throw new Error(`not paired: ${JSON.stringify(paired)}`);
    const { token, deviceId } = paired.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Paired: the status follows, and jobs with the token print.
    await tablet.waitFor((f) => f.event === 'PRINTER_STATUS');
    tablet.send(withToken(printMessage(tableData(4), { jobId: 'p-1' }), token));
    await tablet.waitFor(isAck('p-1'));

    const stored = readFileSync(join(dataDir, 'paired-devices.json'), 'utf8');
    expect(stored).not.toContain(token);
    expect(stored).toContain(createHash('sha256').update(token).digest('hex'));
    expect(bridge.pairing.devices()).toEqual([
      { id: deviceId, label: 'Tablet della cassa', pairedAt: expect.any(String) },
    ]);

    // A code pairs one device: used, it is gone (a new one is shown for the next tablet).
    const other = await connect(bridge);
    other.send(JSON.stringify({ type: 'PAIR', code, label: 'x' }));
    expect(await other.waitFor(pairAnswer)).toMatchObject({ data: { code: 'PAIRING_CODE_EXPIRED' } });
    expect(bridge.pairing.code().code).not.toBe(code);

    await bridge.close();
    open.splice(open.indexOf(bridge), 1);
    bridge = await bridgeIn(dataDir);
    const again = await connect(bridge);
    again.send(withToken(printMessage(tableData(5), { jobId: 'p-2' }), token));
    await again.waitFor(isAck('p-2'));
  });

  it('five wrong codes burn the code (whatever the socket); the right one then fails too', async () => {
    const bridge = await bridgeIn(tempDir());
    const { code } = bridge.pairing.code();
    const wrong = Array.from({ length: 5 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const sockets = [await connect(bridge), await connect(bridge)];
    for (const [i, guess] of wrong.entries()) {
      const socket = sockets[i % 2] as BridgeClient;
      const before = socket.of('PRINT_ERROR').length;
      socket.send(JSON.stringify({ type: 'PAIR', code: guess, label: 'x' }));
      await socket.waitForCount(isError, before + 1);
      expect(socket.of('PRINT_ERROR').at(-1)?.data).toMatchObject({
        code: 'PAIRING_CODE_WRONG',
        attemptsLeft: 4 - i,
      });
    }
    const last = sockets[0] as BridgeClient;
    last.send(JSON.stringify({ type: 'PAIR', code, label: 'x' }));
    await last.waitForCount(isError, 4);
    expect(last.of('PRINT_ERROR').at(-1)?.data.code).toBe('PAIRING_CODE_EXPIRED');
    expect(last.of('PAIRED' as BridgeFrame['event'])).toEqual([]);
    expect(bridge.pairing.devices()).toEqual([]);
    // Only a new code, asked on the box, pairs.
    const fresh = bridge.pairing.newCode();
    await last.pair(fresh.code);
    expect(bridge.pairing.devices()).toHaveLength(1);
  });

  it('a revoked device prints no more', async () => {
    const bridge = await bridgeIn(tempDir());
    const tablet = await connect(bridge);
    const token = await tablet.pair(bridge.pairing.code().code);
    const [device] = bridge.pairing.devices();
    expect(await bridge.pairing.revoke(device?.id ?? '')).toBe(true);
    tablet.send(withToken(printMessage(tableData(9), { jobId: 'after-revoke' }), token));
    expect(await tablet.waitFor(answered('after-revoke'))).toMatchObject({ data: { code: 'NOT_PAIRED' } });
  });
});

describe('the HTTPS side', { timeout: 20_000 }, () => {
  it('/status is not readable from another site and tells nothing sensitive', async () => {
    const bridge = await bridgeIn(tempDir());
    const status = await httpsGet(bridge.port, '/status', bridge.tls.caCert);
    expect(status.status).toBe(200);
    expect(status.headers['access-control-allow-origin']).toBeUndefined();
    const body = JSON.parse(status.body) as { printers: Array<Record<string, unknown>> };
    expect(Object.keys(body.printers[0] ?? {}).sort()).toEqual(['area', 'name', 'online', 'queued']);
    const preflight = await httpsRequest(bridge.port, '/status', bridge.tls.caCert, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-private-network']).toBeUndefined();
  });

  it('the page shows the pairing code only when opened on the box itself', async () => {
    const bridge = await bridgeIn(tempDir(), { host: '0.0.0.0' });
    const page = await httpsGet(bridge.port, '/', bridge.tls.caCert);
    expect(page.body).toContain('Certificato accettato');
    expect(page.body).toContain(bridge.pairing.code().code);
    expect(page.headers['x-frame-options']).toBe('DENY');
    const lan = machineNames().find((n) => /^\d+\.\d+\.\d+\.\d+$/.test(n) && n !== '127.0.0.1');
    if (lan) {
      const remote = await httpsGet(bridge.port, '/', bridge.tls.caCert, lan);
      expect(remote.body).toContain('Certificato accettato');
      expect(remote.body).not.toContain(bridge.pairing.code().code);
    }
  });
});
