import { describe, expect, it } from 'vitest';
import { bridgeUrl } from './bridge-address.ts';

describe('bridgeUrl', () => {
  it('port 3001 of the owner address (spec 9), secure websocket', () => {
    expect(bridgeUrl('192.168.1.20')).toBe('wss://192.168.1.20:3001/');
    expect(bridgeUrl(' cassa.local ')).toBe('wss://cassa.local:3001/');
  });

  it('host:port picks another port (tests, a moved bridge); IPv6 in brackets', () => {
    expect(bridgeUrl('127.0.0.1:41234')).toBe('wss://127.0.0.1:41234/');
    expect(bridgeUrl('[fe80::1]:4000')).toBe('wss://[fe80::1]:4000/');
    expect(bridgeUrl('[fe80::1]')).toBe('wss://[fe80::1]:3001/');
    expect(bridgeUrl('fe80::1')).toBe('wss://[fe80::1]:3001/');
  });

  it('nothing usable: no bridge', () => {
    for (const value of [
      null,
      undefined,
      '',
      '   ',
      'a b',
      'host:',
      'host:99999',
      'host:0',
      'x/y',
      'http://h',
    ]) {
      expect(bridgeUrl(value), String(value)).toBeNull();
    }
  });
});
