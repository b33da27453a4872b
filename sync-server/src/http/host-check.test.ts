import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createOwner, createTestApp, post, rowCounts, type TestApp } from '../../test-support/test-app.ts';
import { msg } from '../lib/messages.ts';
import { HostCheck, hostOf } from './host-check.ts';

/**
 * DNS rebinding (DESIGN.md "Abuse"): a page on evil.example whose name resolves to the box's LAN
 * address is same-origin with the box, unless the box refuses hosts that are not its own.
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const refusal = { success: false, code: 'FORBIDDEN', error: msg.hostNotAllowed };

const health = (host: string) =>
  (t as TestApp).app.inject({ method: 'GET', url: '/api/health', headers: { host } });

/** A non-loopback IPv4 address of this machine, if it has one. */
function ownIpv4(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const info of list ?? []) if (info.family === 'IPv4' && !info.internal) return info.address;
  }
  return undefined;
}

describe('the Host header is checked before routing', () => {
  it('refuses a foreign host with 421 and the envelope, on reads, writes and unknown paths, changing nothing', async () => {
    t = await createTestApp();
    const before = await rowCounts(t.app);
    for (const host of [
      'evil.example',
      'evil.example:3000',
      '192.168.1.250:3000',
      'localhost.evil.example',
    ]) {
      const res = await health(host);
      expect(res.statusCode, host).toBe(421);
      expect(res.json()).toEqual(refusal);
    }
    const login = await post(t.app, '/api/user/login', { isAnonymus: true }, undefined, {
      host: 'evil.example',
    });
    expect(login.statusCode).toBe(421);
    expect(login.cookies).toHaveLength(0);
    const unknown = await t.app.inject({ method: 'GET', url: '/nope', headers: { host: 'evil.example' } });
    expect(unknown.statusCode).toBe(421);
    expect(await rowCounts(t.app)).toEqual(before);
  });

  it('serves loopback, the box own addresses and names, each with any port', async () => {
    t = await createTestApp();
    const name = hostname().toLowerCase();
    const hosts = [
      'localhost',
      'localhost:80',
      '127.0.0.1:3000',
      '[::1]:8080',
      'LOCALHOST',
      name,
      `${name}.local:3000`,
    ];
    const ip = ownIpv4();
    if (ip) hosts.push(ip, `${ip}:3000`);
    for (const host of hosts) expect((await health(host)).statusCode, host).toBe(200);
  });

  it('serves PUBLIC_URL host and ALLOWED_HOSTS (any case and port), and nothing else', async () => {
    t = await createTestApp({
      env: { PUBLIC_URL: 'https://comanda.example.it', ALLOWED_HOSTS: 'ordini.example.it, Cassa.Lan:8443' },
    });
    for (const host of [
      'comanda.example.it',
      'COMANDA.example.it:443',
      'ordini.example.it:3000',
      'cassa.lan',
    ]) {
      expect((await health(host)).statusCode, host).toBe(200);
    }
    for (const host of ['example.it', 'menu.comanda.example.it', 'ordini.example.it.evil.example']) {
      expect((await health(host)).statusCode, host).toBe(421);
    }
  });

  it('ALLOWED_HOSTS=* answers any host', async () => {
    t = await createTestApp({ env: { ALLOWED_HOSTS: '*' } });
    expect((await health('evil.example')).statusCode).toBe(200);
  });

  it('refuses the live websocket upgrade for a foreign host, before it opens', async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const owner = await createOwner(t);
    const url = `ws://127.0.0.1:${port}/live?ownerId=${owner.venueId}`;
    const foreign = new WebSocket(url, { headers: { cookie: owner.cookie, host: `evil.example:${port}` } });
    const outcome = await Promise.race([
      once(foreign, 'open').then(() => 'opened'),
      once(foreign, 'unexpected-response').then(([, res]) => (res as { statusCode: number }).statusCode),
    ]);
    expect(outcome).toBe(421);
    foreign.terminate();
    const own = new WebSocket(url, { headers: { cookie: owner.cookie } });
    await once(own, 'open');
    own.terminate();
  });

  it('an HTTP/1.0 request without Host (a proxy health probe) is served', async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const socket = connect({ port, host: '127.0.0.1' });
    let text = '';
    socket.on('data', (c) => {
      text += c.toString();
    });
    await once(socket, 'connect');
    socket.write('GET /api/health HTTP/1.0\r\n\r\n');
    await once(socket, 'close');
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('HostCheck', () => {
  it('reads the box addresses again (at most every 10 s) when an unknown host arrives', () => {
    let now = 0;
    let addresses = ['192.168.1.20'];
    const check = new HostCheck(
      { publicUrl: undefined, allowedHosts: [] },
      {
        networkInterfaces: () => ({
          eth0: addresses.map((address) => ({
            address,
            family: 'IPv4' as const,
            internal: false,
            netmask: '255.255.255.0',
            mac: '00:00:00:00:00:00',
            cidr: null,
          })),
        }),
        hostname: () => 'Cassa',
        nowMs: () => now,
      },
    );
    expect(check.allows('192.168.1.20:3000')).toBe(true);
    expect(check.allows('cassa.local')).toBe(true);
    expect(check.allows('cassa')).toBe(true);
    addresses = ['192.168.1.33'];
    now += 1000;
    expect(check.allows('192.168.1.33')).toBe(false);
    now += 10_000;
    expect(check.allows('192.168.1.33')).toBe(true);
    expect(check.allows(undefined)).toBe(true);
  });

  it.each([
    ['Cassa.Local:3000', 'cassa.local'],
    ['[::1]:80', '::1'],
    ['[fe80::1%25eth0]:3000', 'fe80::1'],
    ['comanda.example.it.', 'comanda.example.it'],
    ['evil.example:abc', null],
    ['[::1', null],
    ['a b', null],
    ['', null],
  ])('hostOf(%j) = %j', (header, host) => {
    expect(hostOf(header)).toBe(host);
  });
});
