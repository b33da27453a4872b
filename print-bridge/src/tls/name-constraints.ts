import { isIPv4, isIPv6 } from 'node:net';
import { AsnConvert } from '@peculiar/asn1-schema';
import {
  GeneralName,
  GeneralSubtree,
  GeneralSubtrees,
  id_ce_nameConstraints,
  NameConstraints,
} from '@peculiar/asn1-x509';
import * as x509 from '@peculiar/x509';
import { isIp, subnetOf } from '../machine-names.ts';

/**
 * The names the bridge's certificate authority may vouch for (DESIGN.md "Abuse"). Every tablet
 * trusts that authority, so without limits a copy of its key could impersonate any site to them.
 * The authority carries a critical nameConstraints extension (RFC 5280 4.2.1.10) that permits:
 * - DNS: the bridge's own names only (`localhost`, its host name, `<host>.local`,
 *   `certificateNames`); a constraint also covers names below it (`x.localhost`).
 * - IP: loopback and the private and link-local ranges (RFC 1918, RFC 4193, RFC 3927/4291), so a
 *   new DHCP address on the venue's LAN needs no new authority; an address of the bridge outside
 *   them adds its own subnet (or itself).
 * Browsers and Android/iOS enforce the extension on user-installed authorities.
 */
export const PRIVATE_RANGES = [
  '127.0.0.0/8',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '169.254.0.0/16',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
] as const;

export interface Constraints {
  dns: string[];
  /** `address/prefix` */
  ip: string[];
}

/** The constraints an authority for these names carries. */
export function constraintsFor(names: readonly string[]): Constraints {
  const dns = names.filter((n) => !isIp(n)).map((n) => n.toLowerCase());
  const ip: string[] = [...PRIVATE_RANGES];
  for (const name of names.filter(isIp)) {
    if (ip.some((range) => inRange(name, range))) continue;
    ip.push(subnetOf(name) ?? `${name}/${isIPv4(name) ? 32 : 128}`);
  }
  return { dns: [...new Set(dns)], ip: [...new Set(ip.map(networkOf))] };
}

export function nameConstraintsExtension(constraints: Constraints): x509.Extension {
  const subtrees = [
    ...constraints.dns.map((dNSName) => new GeneralSubtree({ base: new GeneralName({ dNSName }) })),
    ...constraints.ip.map((iPAddress) => new GeneralSubtree({ base: new GeneralName({ iPAddress }) })),
  ];
  const value = AsnConvert.serialize(
    new NameConstraints({ permittedSubtrees: new GeneralSubtrees(subtrees) }),
  );
  return new x509.Extension(id_ce_nameConstraints, true, value);
}

/** The permitted names of an authority, or null if it carries no (critical) constraints. */
export function readConstraints(cert: x509.X509Certificate): Constraints | null {
  const ext = cert.getExtension(id_ce_nameConstraints);
  if (!ext?.critical) return null;
  const parsed = AsnConvert.parse(ext.value, NameConstraints);
  if (!parsed.permittedSubtrees || parsed.excludedSubtrees) return null;
  const dns: string[] = [];
  const ip: string[] = [];
  for (const { base } of parsed.permittedSubtrees) {
    if (base.dNSName !== undefined) dns.push(base.dNSName.toLowerCase());
    else if (base.iPAddress !== undefined) ip.push(base.iPAddress);
    else return null; // another kind of name: not one of ours
  }
  // No IP subtree would leave every address unconstrained.
  return ip.length > 0 ? { dns, ip } : null;
}

/** Whether a name falls within the constraints, as a verifier decides it. */
export function permits(constraints: Constraints, name: string): boolean {
  if (isIp(name)) return constraints.ip.some((range) => inRange(name, range));
  const lower = name.toLowerCase();
  return constraints.dns.some((base) => lower === base || lower.endsWith(`.${base}`));
}

function bytesOf(ip: string): number[] | null {
  if (isIPv4(ip)) return ip.split('.').map(Number);
  if (!isIPv6(ip)) return null;
  const [head = '', tail] = ip.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return all.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

function inRange(ip: string, range: string): boolean {
  const [base = '', prefixText = ''] = range.split('/');
  const a = bytesOf(ip);
  const b = bytesOf(base);
  const prefix = Number(prefixText);
  if (!a || !b || a.length !== b.length) return false;
  for (let bit = 0; bit < prefix; bit++) {
    const mask = 0x80 >> (bit % 8);
    if (((a[bit >> 3] ?? 0) & mask) !== ((b[bit >> 3] ?? 0) & mask)) return false;
  }
  return true;
}

/** `192.0.2.2/24` -> `192.0.2.0/24`: a subtree's base is its network address. */
function networkOf(range: string): string {
  const [base = '', prefixText = ''] = range.split('/');
  const bytes = bytesOf(base);
  const prefix = Number(prefixText);
  if (!bytes || !isIPv4(base)) return range;
  const masked = bytes.map((byte, i) => {
    const bits = Math.max(0, Math.min(8, prefix - i * 8));
    return byte & ((0xff << (8 - bits)) & 0xff);
  });
  return `${masked.join('.')}/${prefix}`;
}
