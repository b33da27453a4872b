import { X509Certificate as NodeX509, webcrypto } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { connect, createServer } from 'node:tls';
import { AsnConvert } from '@peculiar/asn1-schema';
import { id_ce_nameConstraints, NameConstraints } from '@peculiar/asn1-x509';
import * as x509 from '@peculiar/x509';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Log } from './log.ts';
import { cleanupTempDirs, tempDir } from './testing/test-bridge.ts';
import { ensureCertificate, machineNames } from './tls.ts';

/**
 * Every tablet trusts the bridge's certificate authority, so a copy of its key must not be able
 * to vouch for any other site: the authority carries a critical nameConstraints extension that
 * permits only the bridge's own names and the LAN's addresses (DESIGN.md "Abuse").
 */

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;
x509.cryptoProvider.set(webcrypto as unknown as ReturnType<typeof x509.cryptoProvider.get>);
afterEach(cleanupTempDirs);

const RSA = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
} as const;

const recording = () => {
  const lines: string[] = [];
  const log: Log = {
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
  return { log, lines };
};

const pem = (label: string, der: ArrayBuffer) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n').trimEnd()}\n-----END ${label}-----\n`;

async function importKey(keyPem: string): Promise<CryptoKey> {
  const der = Buffer.from(keyPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  return webcrypto.subtle.importKey('pkcs8', der, RSA, false, ['sign']) as Promise<CryptoKey>;
}

/** What a thief holding the authority's key would make: a server certificate for `names`. */
async function rogueCertificate(
  caCertPem: string,
  caKeyPem: string,
  names: Array<{ type: 'dns' | 'ip'; value: string }>,
) {
  const keys = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
  const ca = new x509.X509Certificate(caCertPem);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: '0badc0de',
    subject: 'CN=rogue',
    issuer: ca.subject,
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 30 * 86_400_000),
    signingAlgorithm: RSA,
    publicKey: keys.publicKey,
    signingKey: await importKey(caKeyPem),
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment,
        true,
      ),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(names),
    ],
  });
  return {
    cert: cert.toString('pem'),
    key: pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)),
  };
}

/** A TLS handshake as a tablet that trusts the authority makes it: null if trusted, else why not. */
async function handshake(server: { cert: string; key: string }, caCert: string, servername: string) {
  const tlsServer = createServer({ cert: server.cert, key: server.key }, (socket) => socket.end());
  await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
  const { port } = tlsServer.address() as { port: number };
  try {
    return await new Promise<string | null>((resolve) => {
      // The name check is the chain's (name constraints), not the hostname's: that one is skipped.
      const socket = connect({
        host: '127.0.0.1',
        port,
        ca: caCert,
        ...(/^[\d.]+$/.test(servername) ? {} : { servername }),
        checkServerIdentity: () => undefined,
      });
      socket.once('secureConnect', () => {
        socket.destroy();
        resolve(null);
      });
      socket.once('error', (err: NodeJS.ErrnoException) => resolve(`${err.code}: ${err.message}`));
    });
  } finally {
    await new Promise<void>((resolve) => tlsServer.close(() => resolve()));
  }
}

function permittedOf(caCert: string): { critical: boolean; names: string[] } {
  const ext = new x509.X509Certificate(caCert).getExtension(id_ce_nameConstraints);
  if (!ext) return { critical: false, names: [] };
  const parsed = AsnConvert.parse(ext.value, NameConstraints);
  const names = (parsed.permittedSubtrees ?? []).map((s) =>
    s.base.dNSName !== undefined ? `dns:${s.base.dNSName}` : `ip:${s.base.iPAddress}`,
  );
  expect(parsed.excludedSubtrees).toBeUndefined();
  return { critical: ext.critical, names };
}

describe('the certificate authority is limited to the bridge', { timeout: 60_000 }, () => {
  it('carries a critical nameConstraints extension: localhost, its host names, loopback and LAN ranges', async () => {
    const dir = tempDir();
    const tls = await ensureCertificate(dir, machineNames(['cassa.example.lan']), recording().log);
    const { critical, names } = permittedOf(tls.caCert);
    expect(critical).toBe(true);
    const host = hostname();
    expect(names).toEqual(
      expect.arrayContaining([
        'dns:localhost',
        `dns:${host}`,
        `dns:${host}.local`,
        'dns:cassa.example.lan',
        'ip:127.0.0.0/8',
        'ip:10.0.0.0/8',
        'ip:172.16.0.0/12',
        'ip:192.168.0.0/16',
        'ip:::1/128',
      ]),
    );
    expect(names.filter((n) => n.startsWith('dns:'))).toHaveLength(4);
    // Node reads the same certificate: it is an authority, and the server certificate is its own.
    const ca = new NodeX509(tls.caCert);
    expect(ca.ca).toBe(true);
    expect(new NodeX509(tls.cert).checkIssued(ca)).toBe(true);
  });

  it('a certificate its key signs for another site is refused by a tablet that trusts it', async () => {
    const dir = tempDir();
    const tls = await ensureCertificate(dir, machineNames(), recording().log);
    const caKey = readFileSync(join(dir, 'ca.key'), 'utf8');
    // The bridge's own certificate passes...
    expect(await handshake({ cert: tls.cert, key: tls.key }, tls.caCert, 'localhost')).toBeNull();
    // ...one for a bank, or for a public address, does not.
    const bank = await rogueCertificate(tls.caCert, caKey, [{ type: 'dns', value: 'www.banca.example' }]);
    expect(await handshake(bank, tls.caCert, 'www.banca.example')).toMatch(/permitted subtree violation/);
    const publicIp = await rogueCertificate(tls.caCert, caKey, [{ type: 'ip', value: '8.8.8.8' }]);
    expect(await handshake(publicIp, tls.caCert, '8.8.8.8')).toMatch(/permitted subtree violation/);
    // A LAN address stays allowed: the bridge may get a new one from DHCP without a new authority.
    const lan = await rogueCertificate(tls.caCert, caKey, [{ type: 'ip', value: '192.168.1.77' }]);
    expect(await handshake(lan, tls.caCert, '192.168.1.77')).toBeNull();
  });

  it('replaces an authority made before the constraints, and tells the owner to trust the new one', async () => {
    const dir = tempDir();
    const keys = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
    const old = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: '01',
      name: 'CN=Comanda print bridge CA (old)',
      notBefore: new Date(Date.now() - 86_400_000),
      notAfter: new Date(Date.now() + 3650 * 86_400_000),
      signingAlgorithm: RSA,
      keys,
      extensions: [new x509.BasicConstraintsExtension(true, 0, true)],
    });
    writeFileSync(join(dir, 'ca.crt'), old.toString('pem'));
    writeFileSync(
      join(dir, 'ca.key'),
      pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)),
    );
    const { log, lines } = recording();
    const warn = vi.spyOn(log, 'warn');
    const tls = await ensureCertificate(dir, machineNames(), log);
    expect(tls.caCert).not.toBe(old.toString('pem'));
    expect(permittedOf(tls.caCert).critical).toBe(true);
    expect(new NodeX509(tls.cert).checkIssued(new NodeX509(tls.caCert))).toBe(true);
    expect(warn).toHaveBeenCalled();
    expect(lines.join('\n')).toMatch(/warn .*name constraints.*every tablet.*comanda-print-bridge-ca\.crt/s);
    // The next start keeps it: no new authority while the names fit.
    const again = await ensureCertificate(dir, machineNames(), recording().log);
    expect(again.caCert).toBe(tls.caCert);
    expect(again.cert).toBe(tls.cert);
  });
});
