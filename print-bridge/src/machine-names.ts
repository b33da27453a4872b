import { hostname, networkInterfaces } from 'node:os';

/** An IPv4 or IPv6 literal (names never contain ':' and are never all digits and dots). */
export const isIp = (name: string): boolean => /^[\d.]+$/.test(name) || name.includes(':');

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

/** The network an address of this machine is on, as `a.b.c.d/n`, or null if it has no such address. */
export function subnetOf(ip: string): string | null {
  for (const list of Object.values(networkInterfaces())) {
    for (const address of list ?? []) {
      if (address.address === ip && address.cidr) return address.cidr;
    }
  }
  return null;
}
