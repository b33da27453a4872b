import type { IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { BridgeStatus } from '@comanda/shared-schema';
import type { PairingCode } from '../pairing/codes.ts';
import type { PairedDevice } from '../pairing/devices.ts';
import { publicStatus } from '../protocol.ts';
import { CA_PATH, trustPage } from './trust-page.ts';

/**
 * The HTTPS side of the bridge's one port: the trust page, `GET /status` and the certificate
 * authority to install. The websocket shares it. No CORS at all (DESIGN.md "Abuse"): the
 * dashboard talks to the bridge over the websocket only, so no other site's script may read
 * anything here; `/status` tells names and counts, never addresses, paths or error texts.
 * The pairing code shows on the page only to a browser on the box itself.
 */
export interface HttpDeps {
  status(): BridgeStatus;
  pairing: { code(): PairingCode; devices(): PairedDevice[] };
  tls(): { key: string; cert: string; caCert: string; caFingerprint: string; names: string[] };
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
};

/** A request from this very machine (loopback), not from the LAN. */
export function fromLoopback(remoteAddress: string | undefined): boolean {
  const address = (remoteAddress ?? '').replace(/^::ffff:/, '');
  return address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address);
}

/**
 * The page on the box: from loopback, and addressed by one of the bridge's own names (a page of
 * another site rebound to 127.0.0.1 by its DNS names itself in `Host`).
 */
function onTheBox(req: IncomingMessage, names: readonly string[]): boolean {
  if (!fromLoopback(req.socket.remoteAddress)) return false;
  const host = (req.headers.host ?? '')
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1');
  return host === '::1' || names.some((name) => name.toLowerCase() === host);
}

export function createHttpsServer(deps: HttpDeps): Server {
  const { key, cert } = deps.tls();
  return createServer({ key, cert }, (req, res) => {
    const path = new URL(req.url ?? '/', 'https://bridge').pathname;
    const send = (status: number, type: string, body: string, extra: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': type,
        'cache-control': 'no-store',
        ...SECURITY_HEADERS,
        ...extra,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(405, 'text/plain; charset=utf-8', 'Metodo non consentito\n', { allow: 'GET, HEAD' });
      return;
    }
    if (path === '/') {
      const tls = deps.tls();
      const local = onTheBox(req, tls.names);
      const status = deps.status();
      const page = local
        ? trustPage(status, tls, { code: deps.pairing.code(), devices: deps.pairing.devices() })
        : trustPage(status, tls, null);
      send(200, 'text/html; charset=utf-8', page);
    } else if (path === '/status') {
      send(200, 'application/json; charset=utf-8', JSON.stringify(publicStatus(deps.status())));
    } else if (path === CA_PATH) {
      send(200, 'application/x-x509-ca-cert', deps.tls().caCert, {
        'content-disposition': 'attachment; filename="comanda-print-bridge-ca.crt"',
      });
    } else {
      send(404, 'text/plain; charset=utf-8', 'Pagina non trovata\n');
    }
  });
}
