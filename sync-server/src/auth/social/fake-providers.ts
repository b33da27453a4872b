import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

/**
 * Test doubles of the providers on loopback (no internet): Google's published key set, served
 * by a real HTTP server from a key pair made here, and the two Graph API endpoints Comanda asks.
 */

type Handler = (url: URL, req: IncomingMessage) => { status: number; body: unknown };

async function serve(handler: Handler): Promise<{ base: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    hits.push(url.pathname);
    const { status, body } = handler(url, req);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const GOOGLE_CLIENT_ID = 'comanda-test.apps.googleusercontent.com';

export interface FakeGoogle {
  jwksUrl: string;
  /** How many times the key set was fetched. */
  fetches(): number;
  /** An ID token as Google would make it for `claims` (defaults: valid, verified, ours). */
  token(claims?: JWTPayload, options?: { key?: 'ours' | 'stranger'; kid?: string }): Promise<string>;
  close(): Promise<void>;
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const ours = await generateKeyPair('RS256');
  // Same algorithm, same kid, not in the published set: a forged signature.
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(ours.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
  const server = await serve((url) =>
    url.pathname === '/oauth2/v3/certs' ? { status: 200, body: { keys: [jwk] } } : { status: 404, body: {} },
  );
  return {
    jwksUrl: `${server.base}/oauth2/v3/certs`,
    fetches: () => server.hits.length,
    async token(claims = {}, options = {}) {
      const nowS = Math.floor(Date.now() / 1000);
      const payload: JWTPayload = {
        iss: 'https://accounts.google.com',
        aud: GOOGLE_CLIENT_ID,
        sub: '1234567890',
        email: 'giulia.verdi@gmail.com',
        email_verified: true,
        given_name: 'Giulia',
        family_name: 'Verdi',
        name: 'Giulia Verdi',
        iat: nowS - 10,
        exp: nowS + 3600,
        ...claims,
      };
      const key = options.key === 'stranger' ? stranger.privateKey : ours.privateKey;
      return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'key-1' }).sign(key);
    },
    close: server.close,
  };
}

export const FACEBOOK_APP_ID = '123456789012345';
export const FACEBOOK_APP_SECRET = 'fake-app-secret-for-tests';

export interface FakeToken {
  is_valid?: boolean;
  app_id?: string;
  type?: string;
  user_id?: string;
  expires_at?: number;
  /** What `/me` answers for this token. */
  me?: { id: string; name?: string; email?: string };
}

export interface FakeGraph {
  graphUrl: string;
  /** Registers an access token; defaults: valid user token of our app, with an e-mail. */
  token(value: string, info?: FakeToken): void;
  hits: string[];
  close(): Promise<void>;
}

export async function startFakeGraph(): Promise<FakeGraph> {
  const tokens = new Map<string, Required<Omit<FakeToken, 'me'>> & { me: FakeToken['me'] }>();
  const oauthError = (status: number, message: string) => ({
    status,
    body: { error: { message, type: 'OAuthException', code: 190 } },
  });
  const server = await serve((url) => {
    const q = url.searchParams;
    if (url.pathname === '/v22.0/debug_token') {
      if (q.get('access_token') !== `${FACEBOOK_APP_ID}|${FACEBOOK_APP_SECRET}`) {
        return oauthError(400, 'Invalid OAuth access token - Cannot parse access token');
      }
      const info = tokens.get(q.get('input_token') ?? '');
      if (!info) {
        return { status: 200, body: { data: { is_valid: false, error: { code: 190, message: 'Invalid' } } } };
      }
      const { me: _me, ...data } = info;
      return { status: 200, body: { data } };
    }
    if (url.pathname === '/v22.0/me') {
      const token = q.get('access_token') ?? '';
      const info = tokens.get(token);
      const proof = createHmac('sha256', FACEBOOK_APP_SECRET).update(token).digest('hex');
      if (!info?.is_valid || !info.me) return oauthError(400, 'Invalid OAuth access token');
      if (q.get('appsecret_proof') !== proof) return oauthError(400, 'Invalid appsecret_proof');
      if (q.get('fields') !== 'id,name,email') return oauthError(400, 'unexpected fields');
      return { status: 200, body: info.me };
    }
    return { status: 404, body: {} };
  });
  return {
    graphUrl: `${server.base}/v22.0`,
    hits: server.hits,
    token(value, info = {}) {
      const userId = info.user_id ?? '10220000000000001';
      tokens.set(value, {
        is_valid: info.is_valid ?? true,
        app_id: info.app_id ?? FACEBOOK_APP_ID,
        type: info.type ?? 'USER',
        user_id: userId,
        expires_at: info.expires_at ?? Math.floor(Date.now() / 1000) + 3600,
        me:
          'me' in info ? info.me : { id: userId, name: 'Marco Esposito', email: 'marco.esposito@example.it' },
      });
    },
    close: server.close,
  };
}
