import { randomBytes, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { isIp } from '../machine-names.ts';
import { type Constraints, nameConstraintsExtension } from './name-constraints.ts';

/**
 * Certificates made with @peculiar/x509 (maintained, WebCrypto-based; `selfsigned`, used before,
 * is a thin layer over it that drops every extension it does not know, nameConstraints among
 * them). RSA 2048 with SHA-256: what every tablet browser accepts.
 */
const RSA = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
} as const;

export interface Pem {
  key: string;
  cert: string;
}

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

function provider(): void {
  // Node's WebCrypto; the library is typed against the DOM's, which this package does not load.
  x509.cryptoProvider.set(webcrypto as unknown as ReturnType<typeof x509.cryptoProvider.get>);
}

/** A positive serial number of 16 random bytes (RFC 5280 4.1.2.2). */
function serial(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

async function newKeys(): Promise<CryptoKeyPair> {
  return webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify']);
}

async function privatePem(key: CryptoKey): Promise<string> {
  const der = await webcrypto.subtle.exportKey('pkcs8', key);
  return x509.PemConverter.encode(der, 'PRIVATE KEY');
}

async function importPrivate(pem: string): Promise<CryptoKey> {
  const der = x509.PemConverter.decode(pem)[0];
  if (!der) throw new Error('tls: the authority key file holds no key');
  return webcrypto.subtle.importKey('pkcs8', der, RSA, false, ['sign']);
}

/** The bridge's own authority, limited by `constraints` to the bridge's names. */
export async function makeAuthority(options: {
  commonName: string;
  notBefore: Date;
  notAfter: Date;
  constraints: Constraints;
}): Promise<Pem> {
  provider();
  const keys = await newKeys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: [{ CN: [options.commonName] }],
    notBefore: options.notBefore,
    notAfter: options.notAfter,
    signingAlgorithm: RSA,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign | x509.KeyUsageFlags.digitalSignature,
        true,
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      nameConstraintsExtension(options.constraints),
    ],
  });
  return { key: await privatePem(keys.privateKey), cert: cert.toString('pem') };
}

/** A server certificate for `names`, signed by the authority. */
export async function issueServer(options: {
  authority: Pem;
  names: readonly string[];
  notBefore: Date;
  notAfter: Date;
}): Promise<Pem> {
  provider();
  const keys = await newKeys();
  const ca = new x509.X509Certificate(options.authority.cert);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: [{ CN: ['Comanda print bridge'] }],
    issuer: ca.subject,
    notBefore: options.notBefore,
    notAfter: options.notAfter,
    signingAlgorithm: RSA,
    publicKey: keys.publicKey,
    signingKey: await importPrivate(options.authority.key),
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment,
        true,
      ),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(
        options.names.map((value) => ({ type: isIp(value) ? ('ip' as const) : ('dns' as const), value })),
      ),
      await x509.AuthorityKeyIdentifierExtension.create(ca),
    ],
  });
  return { key: await privatePem(keys.privateKey), cert: cert.toString('pem') };
}

export function parseCertificate(pem: string): x509.X509Certificate {
  provider();
  return new x509.X509Certificate(pem);
}
