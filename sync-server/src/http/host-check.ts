import { hostname as osHostname, networkInterfaces as osInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { StatusError } from '../lib/errors.ts';
import { msg } from '../lib/messages.ts';

/**
 * The host part of a Host header, lowercase, without port, brackets, IPv6 zone or trailing dot:
 * 'Cassa.Local:3000' -> 'cassa.local', '[::1]:80' -> '::1'. Null when it is not a host name.
 */
export function hostOf(header: string): string | null {
  let host = header.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    if (end < 0 || !/^(:\d{1,5})?$/.test(host.slice(end + 1))) return null;
    host = host.slice(1, end);
  } else {
    const colon = host.lastIndexOf(':');
    if (colon >= 0) {
      if (!/^\d{1,5}$/.test(host.slice(colon + 1))) return null;
      host = host.slice(0, colon);
    }
  }
  host = host.replace(/%.*$/, '').replace(/\.$/, '');
  return /^[a-z0-9.:_-]{1,253}$/.test(host) ? host : null;
}

const LOOPBACK = ['localhost', '127.0.0.1', '::1'];
/** How often the box's own addresses may be read again (DHCP can change them). */
const REFRESH_MS = 10_000;

export interface HostSources {
  networkInterfaces: typeof osInterfaces;
  hostname: typeof osHostname;
  nowMs: () => number;
}

/**
 * Which Host names the server answers to (DNS rebinding: a page on an attacker's domain that
 * resolves to the box's LAN address would otherwise be same-origin with it): PUBLIC_URL's host,
 * ALLOWED_HOSTS, loopback, and the box's own addresses and names (`<hostname>`,
 * `<hostname>.local`), each with any port. The box's addresses are read again, at most every 10
 * seconds, when an unknown host arrives.
 */
export class HostCheck {
  private readonly fixed: Set<string>;
  private readonly anyHost: boolean;
  private own = new Set<string>();
  private readAt = Number.NEGATIVE_INFINITY;

  constructor(
    config: Pick<Config, 'publicUrl' | 'allowedHosts'>,
    private readonly sources: HostSources = {
      networkInterfaces: osInterfaces,
      hostname: osHostname,
      nowMs: Date.now,
    },
  ) {
    this.anyHost = config.allowedHosts.includes('*');
    const configured = [
      ...config.allowedHosts,
      ...(config.publicUrl ? [new URL(config.publicUrl).host] : []),
    ];
    this.fixed = new Set([...LOOPBACK, ...configured.flatMap((h) => hostOf(h) ?? [])]);
  }

  /** Whether a request with this Host header is answered. No Host at all is not a browser. */
  allows(header: string | undefined): boolean {
    if (this.anyHost || header === undefined) return true;
    const host = hostOf(header);
    if (host === null) return false;
    if (this.fixed.has(host) || this.own.has(host)) return true;
    if (this.sources.nowMs() - this.readAt < REFRESH_MS) return false;
    this.own = this.ownNames();
    this.readAt = this.sources.nowMs();
    return this.own.has(host);
  }

  private ownNames(): Set<string> {
    const names = new Set<string>();
    for (const list of Object.values(this.sources.networkInterfaces())) {
      for (const info of list ?? []) {
        const host = hostOf(info.family === 'IPv6' ? `[${info.address}]` : info.address);
        if (host) names.add(host);
      }
    }
    const name = hostOf(this.sources.hostname());
    if (name) {
      const short = name.split('.')[0] as string;
      for (const n of [name, short]) names.add(n).add(`${n}.local`);
    }
    return names;
  }
}

/**
 * Refuses, before any route runs (websocket upgrades included: they are routed too), a request
 * whose Host the box does not answer to: 421 with the envelope. Behind a proxy (TRUST_PROXY) the
 * checked host is X-Forwarded-Host when the proxy sets it.
 */
export function installHostCheck(app: FastifyInstance, config: Config, nowMs: () => number): void {
  const check = new HostCheck(config, { networkInterfaces: osInterfaces, hostname: osHostname, nowMs });
  app.addHook('onRequest', async (req) => {
    if (!check.allows(req.headers.host === undefined ? undefined : req.host)) {
      throw new StatusError(421, 'FORBIDDEN', msg.hostNotAllowed);
    }
  });
}
