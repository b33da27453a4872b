import { chmod, unlink } from 'node:fs/promises';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Log } from '../log.ts';
import type { PairingCode } from '../pairing/codes.ts';
import type { PairedDevice } from '../pairing/devices.ts';

/**
 * The bridge's admin door for `npm run print-bridge -- pair | devices | revoke`: a Unix socket in
 * the data folder, readable by the bridge's user only. Not an HTTP path on port 3001: no web page,
 * on the LAN or in a browser on the box, can reach a Unix socket, so making codes and revoking
 * devices needs a shell on the box as the bridge's user (DESIGN.md "Abuse").
 */
export const ADMIN_SOCKET = 'bridge.sock';

export interface AdminDeps {
  newCode(): PairingCode;
  /** Prints a code on the receipt printer; resolves with the printer's name. */
  printCode(code: PairingCode): Promise<string>;
  devices(): PairedDevice[];
  revoke(id: string): Promise<boolean>;
  log: Log;
}

export class BridgeNotRunning extends Error {
  override name = 'BridgeNotRunning';
}

export class AdminDenied extends Error {
  override name = 'AdminDenied';
}

const adminPath = (dataDir: string) => join(dataDir, ADMIN_SOCKET);

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse, deps: AdminDeps): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://bridge');
  const revoke = /^\/devices\/([a-f0-9]{8,32})$/.exec(url.pathname);
  if (req.method === 'POST' && url.pathname === '/pairing-code') {
    const code = deps.newCode();
    if (url.searchParams.get('print') !== '1') return answer(res, 200, code);
    try {
      return answer(res, 200, { ...code, printedOn: await deps.printCode(code) });
    } catch (err) {
      return answer(res, 502, { ...code, error: (err as Error).message });
    }
  }
  if (req.method === 'GET' && url.pathname === '/devices')
    return answer(res, 200, { devices: deps.devices() });
  if (req.method === 'DELETE' && revoke?.[1]) {
    const revoked = await deps.revoke(revoke[1]);
    return answer(res, revoked ? 200 : 404, { revoked });
  }
  answer(res, 404, { error: 'unknown admin request' });
}

/** Something answers on the socket already: another bridge runs on this data folder. */
function inUse(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ socketPath: path, path: '/devices', method: 'GET' }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** Opens the admin socket; null (and a warning) if it cannot, the bridge prints anyway. */
export async function startAdminSocket(
  dataDir: string,
  deps: AdminDeps,
): Promise<{ close(): Promise<void> } | null> {
  const path = adminPath(dataDir);
  if (await inUse(path)) {
    deps.log.warn(`admin: ${path} is in use by another bridge; pair/devices/revoke will talk to that one`);
    return null;
  }
  // Left by a bridge that was killed: nobody answers on it.
  await unlink(path).catch(() => {});
  const server: Server = createServer((req, res) => {
    handle(req, res, deps).catch((err: unknown) => {
      deps.log.error(`admin: ${String(err)}`);
      if (!res.headersSent) answer(res, 500, { error: String(err) });
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    });
    await chmod(path, 0o600);
  } catch (err) {
    deps.log.warn(
      `admin: no admin socket at ${path} (${(err as Error).message}); pair with the code shown at start`,
    );
    server.close();
    return null;
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** One request to the running bridge's admin socket. */
export function adminRequest<T>(
  dataDir: string,
  method: string,
  path: string,
): Promise<{ status: number; body: T }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: adminPath(dataDir), path, method }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as T });
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') reject(new BridgeNotRunning(err.message));
      else if (err.code === 'EACCES') {
        reject(new AdminDenied(`${adminPath(dataDir)}: permission denied; run this as the bridge's user`));
      } else reject(err);
    });
    req.end();
  });
}
