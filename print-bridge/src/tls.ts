import { X509Certificate } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { writeFileDurable } from './fs-atomic.ts';
import type { Log } from './log.ts';
import { issueServer, makeAuthority, type Pem, parseCertificate } from './tls/certificates.ts';
import { type Constraints, constraintsFor, permits, readConstraints } from './tls/name-constraints.ts';

export { isIp, machineNames } from './machine-names.ts';

/**
 * The bridge's own certificate authority and server certificate, made on first run and kept in
 * `<dataDir>/tls`. A tablet either opens `https://<bridge>:3001/` once and accepts the warning,
 * or installs the authority (`/comanda-print-bridge-ca.crt`) for good. The server certificate is
 * remade, by the same authority, when the machine gets a new LAN address or it nears its end, so
 * a tablet that installed the authority keeps trusting the bridge. The authority can vouch only
 * for the bridge's own names (`tls/name-constraints.ts`); one that cannot cover the names wanted
 * (made before that limit existed, or the machine was renamed) is replaced, and the owner told.
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

/**
 * Why a stored authority cannot serve (null: it can): near its end, made without name
 * constraints, or not permitting every name wanted.
 */
function authorityUnfit(caCert: string, wanted: readonly string[], now: number): string | null {
  if (validTo(new X509Certificate(caCert)) < now + RENEW_DAYS * DAY_MS) return 'expiring';
  let constraints: Constraints | null;
  try {
    constraints = readConstraints(parseCertificate(caCert));
  } catch {
    constraints = null;
  }
  if (constraints === null)
    return 'the certificate authority has no name constraints (made by an older bridge)';
  const outside = wanted.filter((name) => !permits(constraints, name));
  if (outside.length > 0)
    return `${outside.join(', ')} not within the certificate authority's name constraints`;
  return null;
}

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
  const storedKey = await readOptional(paths.caKey);
  const storedCert = await readOptional(paths.caCert);
  const stored = storedKey && storedCert ? { key: storedKey, cert: storedCert } : null;
  const why = stored ? authorityUnfit(stored.cert, wanted, now) : 'missing';
  let ca: Pem;
  if (stored && why === null) ca = stored;
  else {
    const constraints = constraintsFor(wanted);
    ca = await makeAuthority({
      commonName: `Comanda print bridge CA (${hostname()})`,
      notBefore: new Date(now - DAY_MS),
      notAfter: new Date(now + CA_DAYS * DAY_MS),
      constraints,
    });
    await writeSecret(paths.caKey, ca.key);
    await writeFileDurable(paths.caCert, ca.cert);
    await writeFileDurable(paths.names, '[]'); // a new authority: the server certificate follows
    if (why === 'missing' || why === 'expiring') log.info(`tls: made a new certificate authority in ${dir}`);
    else {
      log.warn(
        `tls: ${why}: made a new certificate authority in ${dir} that can vouch only for ` +
          `${[...constraints.dns, ...constraints.ip].join(', ')}; every tablet that installed the old ` +
          'one must now install the new one from https://<bridge>:3001/comanda-print-bridge-ca.crt ' +
          '(or open https://<bridge>:3001/ again and accept the warning)',
      );
    }
  }
  const caCert = ca.cert;
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
    // Keep the names it had (a laptop back on another network), newest first, within a bound,
    // and only those the authority may vouch for (a verifier would refuse the others).
    const allowed = readConstraints(parseCertificate(caCert));
    names = [...new Set([...wanted, ...names])]
      .filter((name) => allowed === null || permits(allowed, name))
      .slice(0, MAX_NAMES);
    const server = await issueServer({
      authority: ca,
      names,
      notBefore: new Date(now - DAY_MS),
      notAfter: new Date(now + SERVER_DAYS * DAY_MS),
    });
    key = server.key;
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
