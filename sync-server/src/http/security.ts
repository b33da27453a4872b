import type { IncomingMessage } from 'node:http';
import { AppError } from '@comanda/shared-schema';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { msg } from '../lib/messages.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether an `Origin` is the app itself: PUBLIC_URL's origin, or the host the request was sent
 * to (the venue box is also reached by its LAN address; behind a TLS proxy the scheme seen here
 * may differ, and a page on another site cannot make a browser send our Host with its Origin).
 */
function isOwnOrigin(config: Config, req: FastifyRequest, origin: string): boolean {
  if (config.publicUrl && origin === new URL(config.publicUrl).origin) return true;
  try {
    return new URL(origin).host === req.host;
  } catch {
    return false;
  }
}

/** `Sec-Fetch-Site` values a page of ours sends ('none': typed in, a bookmark). */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * Refuses a request made by another page than ours: an `Origin` that is not ours (`null`
 * included: a sandboxed frame, a file), or a `Sec-Fetch-Site` other than same-origin/none (a
 * sibling subdomain is 'same-site': SameSite cookies would still ride along, so it is refused
 * too). Requests without either (curl, scripts, Stripe's webhook, old browsers) pass: the
 * SameSite=Lax cookie already keeps cross-site posts unauthenticated.
 */
export function isCrossSite(config: Config, req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined && !isOwnOrigin(config, req, origin)) return true;
  const site = req.headers['sec-fetch-site'];
  return site !== undefined && !OWN_FETCH_SITES.has(String(site));
}

export function installCsrfGuard(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method)) return;
    if (isCrossSite(config, req)) throw new AppError('FORBIDDEN', msg.crossOrigin);
  });
}

/**
 * Security headers. The CSP allows our own scripts, Stripe.js and its frames, and live
 * websockets to ourselves. HSTS and upgrade-insecure-requests only when served over https:
 * in a venue the box is often reached as plain http://192.168.x.y.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl?.startsWith('https://') ?? false;
  // Live websockets to ourselves, spelled out: older Safari does not let 'self' cover ws(s).
  // 'wss:': the venue's print bridge, a secure websocket to the owner's address
  // (`ownerIp`, any host and port: the shell is cached, so it cannot name one venue's bridge).
  const connectSrc: Array<string | ((req: IncomingMessage) => string)> = [
    "'self'",
    'https://api.stripe.com',
    'wss:',
  ];
  if (config.publicUrl) {
    connectSrc.push(`${https ? 'wss' : 'ws'}://${new URL(config.publicUrl).host}`);
  } else {
    const host = (req: IncomingMessage) => {
      const h = req.headers.host ?? '';
      return /^[a-zA-Z0-9.:[\]-]{1,255}$/.test(h) ? h : null;
    };
    connectSrc.push((req) => (host(req) ? `ws://${host(req)}` : "'self'"));
    connectSrc.push((req) => (host(req) ? `wss://${host(req)}` : "'self'"));
  }
  // Social sign-in: a configured provider's SDK, button frame and popup, nothing more.
  const gsi = config.social.google ? ['https://accounts.google.com/gsi/'] : [];
  const fb = config.social.facebook ? ['https://www.facebook.com'] : [];
  const social = {
    script: [...gsi.map((o) => `${o}client`), ...(fb.length ? ['https://connect.facebook.net'] : [])],
    style: gsi.map((o) => `${o}style`),
    frame: [...gsi, ...fb],
    connect: [...gsi, ...fb],
  };
  connectSrc.push(...social.connect);
  await app.register(helmet, {
    global: true,
    hsts: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com', ...social.script],
        styleSrc: ["'self'", "'unsafe-inline'", ...social.style],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
        fontSrc: ["'self'", 'data:'],
        connectSrc,
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com', ...social.frame],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Stripe's 3-D Secure runs in a popup/frame that needs to talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
}
