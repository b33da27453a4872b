import { AppError, t } from '@comanda/shared-schema';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { cleanEmail, cleanName, refused, unreachable, type VerifiedIdentity } from './identity.ts';

/** Both spellings Google uses for the `iss` of its ID tokens. */
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export interface GoogleOptions {
  clientId: string;
  jwksUrl: string;
  /** The wall clock: tokens are stamped by Google's clock, not the app's (COMANDA_FAKE_NOW). */
  now?: () => number;
}

export type GoogleVerifier = (credential: string) => Promise<VerifiedIdentity>;

/** The key set could not be read: the provider is unreachable, the token is not at fault. */
function isKeySetFailure(err: unknown): boolean {
  if (!(err instanceof errors.JOSEError)) return true; // fetch's own TypeError / AbortError
  return (
    err instanceof errors.JWKSTimeout || err instanceof errors.JWKSInvalid || err.code === 'ERR_JOSE_GENERIC'
  );
}

/**
 * Verifies a Google Identity Services ID token (the `credential` of its callback): RS256
 * signature against Google's published keys (cached, refetched on an unknown `kid` at most every
 * 30 s), issuer, audience = our client id, expiry, and a verified e-mail. Built once per app.
 */
export function createGoogleVerifier(options: GoogleOptions): GoogleVerifier {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 });
  const now = options.now ?? Date.now;
  return async (credential) => {
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(credential, keys, {
        algorithms: ['RS256'],
        issuer: GOOGLE_ISSUERS,
        audience: options.clientId,
        requiredClaims: ['exp', 'iat', 'sub'],
        currentDate: new Date(now()),
        clockTolerance: 30,
      }));
    } catch (err) {
      throw isKeySetFailure(err) ? unreachable() : refused('google');
    }
    const email = cleanEmail(claims.email);
    if (!email) throw refused('google');
    // Older tokens carried the flag as the string "true".
    if (claims.email_verified !== true && claims.email_verified !== 'true') {
      throw new AppError('FORBIDDEN', t.socialGoogleEmailUnverified);
    }
    const givenName = cleanName(claims.given_name);
    return {
      provider: 'google',
      subject: String(claims.sub),
      email,
      firstName: givenName || cleanName(claims.name),
      lastName: givenName ? cleanName(claims.family_name) : '',
    };
  };
}
