import { createHmac } from 'node:crypto';
import { AppError, t } from '@comanda/shared-schema';
import { cleanEmail, cleanName, refused, unreachable, type VerifiedIdentity } from './identity.ts';

export interface FacebookOptions {
  appId: string;
  appSecret: string;
  /** Graph API base with its version, e.g. https://graph.facebook.com/v22.0. */
  graphUrl: string;
  now?: () => number;
  /** Logs a Graph answer that points at our own configuration (wrong app secret...). */
  warn?: (detail: object, message: string) => void;
}

export type FacebookVerifier = (accessToken: string, userID?: string) => Promise<VerifiedIdentity>;

/** `debug_token`'s `data` as far as we read it. */
interface TokenInfo {
  is_valid?: boolean;
  app_id?: string | number;
  type?: string;
  user_id?: string | number;
  /** Seconds since epoch; 0 = does not expire. */
  expires_at?: number;
}

const TIMEOUT_MS = 5000;

/**
 * Verifies a Facebook user access token (from `FB.login`): Graph's `debug_token`, asked with our
 * app token, must say it is valid, a user token, issued to OUR app and not expired; then `/me`
 * (with `appsecret_proof`) gives the person's id, name and e-mail. Without an e-mail there is
 * nothing to link an account by, so the sign-in is refused with a text that says why.
 */
export function createFacebookVerifier(options: FacebookOptions): FacebookVerifier {
  const now = options.now ?? Date.now;

  const graph = async (path: string, params: Record<string, string>): Promise<Record<string, unknown>> => {
    const url = `${options.graphUrl}${path}?${new URLSearchParams(params)}`;
    let res: Response;
    let body: unknown;
    try {
      res = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      body = await res.json().catch(() => null);
    } catch {
      throw unreachable();
    }
    if (res.status >= 500) throw unreachable();
    if (!res.ok || typeof body !== 'object' || body === null) {
      // A 4xx here is a token Graph refuses, or our app id/secret being wrong: say which in the log.
      options.warn?.(
        { path, status: res.status, error: (body as { error?: unknown } | null)?.error },
        'graph refused',
      );
      throw refused('facebook');
    }
    return body as Record<string, unknown>;
  };

  return async (accessToken, userID) => {
    const debug = await graph('/debug_token', {
      input_token: accessToken,
      access_token: `${options.appId}|${options.appSecret}`,
    });
    const info = (debug.data ?? {}) as TokenInfo;
    const expiresAt = typeof info.expires_at === 'number' ? info.expires_at : -1;
    const expired = expiresAt !== 0 && expiresAt * 1000 <= now();
    if (
      info.is_valid !== true ||
      String(info.app_id ?? '') !== options.appId ||
      (info.type !== undefined && info.type !== 'USER') ||
      info.user_id === undefined ||
      expired
    ) {
      throw refused('facebook');
    }
    const me = await graph('/me', {
      fields: 'id,name,email',
      access_token: accessToken,
      // Proves the call comes from the app's server (required when the app enables it).
      appsecret_proof: createHmac('sha256', options.appSecret).update(accessToken).digest('hex'),
    });
    const subject = String(me.id ?? '');
    // The browser's userID is only a cross-check, never a source of truth.
    if (!subject || subject !== String(info.user_id) || (userID !== undefined && userID !== subject)) {
      throw refused('facebook');
    }
    const email = cleanEmail(me.email);
    if (!email) throw new AppError('FORBIDDEN', t.socialFacebookNoEmail);
    // One "name" field: kept whole rather than guessing where a first name ends.
    return { provider: 'facebook', subject, email, firstName: cleanName(me.name), lastName: '' };
  };
}
