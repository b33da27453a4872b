import { X509Certificate } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { writeFileDurable } from './fs-atomic.ts';
import type { Log } from './log.ts';

/**
 * The bridge's own certificate authority and server certificate, made on first run and kept in
 * `<dataDir>/tls`. A tablet either opens `https://<bridge>:3001/` once and accepts the warning,
 * or installs the authority (`/comanda-print-bridge-ca.crt`) for good. The server certificate is
 * remade, by the same authority, when the machine gets a new LAN address or it nears its end, so
 * a tablet that installed the authority keeps trusting the bridge.
 */

export interface TlsMaterial {
  key: string;
  cert: string;
  caCert: string;
  /** SHA-256 fingerprint of the authority, shown on the trust page to compare. */
  caFingerprint: string;
  names: string[];
  validTo: string;
}

const DAY_MS = 86_400_000;
const CA_DAYS = 3650;
/** Under the 398 days browsers accept for a server certificate. */
const SERVER_DAYS = 397;
const RENEW_DAYS = 30;
const MAX_NAMES = 40;

const isIp = (name: string) => /^[\d.]+$/.test(name) || name.includes(':');

/** localhost, this machine's names and every IPv4 address it has on its networks. */
export function machineNames(extra: readonly string[] = []): string[] {
  const names = ['localhost', '127.0.0.1'];
  const host = hostname();
  if (host && host !== 'localhost') names.push(host, `${host}.local`);
  for (const list of Object.values(networkInterfaces())) {
    for (const address of list ?? []) {
      if (address.family === 'IPv4' && !address.internal) names.push(address.address);
    }
  }
  return [...new Set([...names, ...extra])];
}

async function readOptional(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Private keys: readable by the bridge's user only. */
const writeSecret = (path: string, text: string) => writeFileDurable(path, text, 0o600);

const validTo = (cert: X509Certificate) => new Date(cert.validTo).getTime();

export async function ensureCertificate(
  dir: string,
  wanted: readonly string[],
  log: Log,
  now = Date.now(),
): Promise<TlsMaterial> {
  await mkdir(dir, { recursive: true });
  const paths = {
    caKey: join(dir, 'ca.key'),
    caCert: join(dir, 'ca.crt'),
    key: join(dir, 'server.key'),
    cert: join(dir, 'server.crt'),
    names: join(dir, 'server-names.json'),
  };
  let caKey = await readOptional(paths.caKey);
  let caCert = await readOptional(paths.caCert);
  if (!caKey || !caCert || validTo(new X509Certificate(caCert)) < now + RENEW_DAYS * DAY_MS) {
    const ca = await generate([{ name: 'commonName', value: `Comanda print bridge CA (${hostname()})` }], {
      keySize: 2048,
      algorithm: 'sha256',
      notBeforeDate: new Date(now - DAY_MS),
      notAfterDate: new Date(now + CA_DAYS * DAY_MS),
      extensions: [
        { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
      ],
    });
    caKey = ca.private;
    caCert = ca.cert;
    await writeSecret(paths.caKey, caKey);
    await writeFileDurable(paths.caCert, caCert);
    await writeFileDurable(paths.names, '[]'); // a new authority: the server certificate follows
    log.info(`tls: made a new certificate authority in ${dir}`);
  }
  const authority = new X509Certificate(caCert);

  let key = await readOptional(paths.key);
  let cert = await readOptional(paths.cert);
  let names: string[] = JSON.parse((await readOptional(paths.names)) ?? '[]') as string[];
  const current = cert ? new X509Certificate(cert) : null;
  const fresh =
    current !== null &&
    key !== null &&
    current.checkIssued(authority) &&
    validTo(current) > now + RENEW_DAYS * DAY_MS &&
    wanted.every((name) => names.includes(name));
  if (!fresh) {
    // Keep the names it had (a laptop back on another network), newest first, within a bound.
    names = [...new Set([...wanted, ...names])].slice(0, MAX_NAMES);
    const server = await generate([{ name: 'commonName', value: 'Comanda print bridge' }], {
      keySize: 2048,
      algorithm: 'sha256',
      notBeforeDate: new Date(now - DAY_MS),
      notAfterDate: new Date(now + SERVER_DAYS * DAY_MS),
      ca: { key: caKey, cert: caCert },
      extensions: [
        { name: 'basicConstraints', cA: false, critical: true },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: names.map((name) => (isIp(name) ? { type: 7, ip: name } : { type: 2, value: name })),
        },
      ],
    });
    key = server.private;
    cert = server.cert;
    await writeSecret(paths.key, key);
    await writeFileDurable(paths.cert, cert);
    await writeFileDurable(paths.names, JSON.stringify(names));
    log.info(`tls: made a server certificate for ${names.join(', ')}`);
  }
  return {
    key: key as string,
    cert: cert as string,
    caCert,
    caFingerprint: authority.fingerprint256,
    names,
    validTo: new Date(validTo(new X509Certificate(cert as string))).toISOString(),
  };
}
