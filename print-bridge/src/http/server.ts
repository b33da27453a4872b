import { createServer, type Server } from 'node:https';
import type { StatusData } from '../protocol.ts';
import { CA_PATH, trustPage } from './trust-page.ts';

/**
 * The HTTPS side of the bridge's one port: the trust page, `GET /status` (JSON, readable from
 * the dashboard's origin) and the certificate authority to install. The websocket shares it.
 */
export interface HttpDeps {
  status(): StatusData;
  tls(): { key: string; cert: string; caCert: string; caFingerprint: string; names: string[] };
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, OPTIONS',
  'access-control-allow-headers': 'content-type',
  // Chrome's Private Network Access preflight: a page on the internet asking a LAN device.
  'access-control-allow-private-network': 'true',
};

export function createHttpsServer(deps: HttpDeps): Server {
  const { key, cert } = deps.tls();
  return createServer({ key, cert }, (req, res) => {
    const path = new URL(req.url ?? '/', 'https://bridge').pathname;
    const send = (status: number, type: string, body: string, extra: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...extra });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(405, 'text/plain; charset=utf-8', 'Metodo non consentito\n', { allow: 'GET, HEAD, OPTIONS' });
      return;
    }
    if (path === '/') {
      send(200, 'text/html; charset=utf-8', trustPage(deps.status(), deps.tls()));
    } else if (path === '/status') {
      send(200, 'application/json; charset=utf-8', JSON.stringify(deps.status()), CORS);
    } else if (path === CA_PATH) {
      send(200, 'application/x-x509-ca-cert', deps.tls().caCert, {
        'content-disposition': 'attachment; filename="comanda-print-bridge-ca.crt"',
      });
    } else {
      send(404, 'text/plain; charset=utf-8', 'Pagina non trovata\n');
    }
  });
}
