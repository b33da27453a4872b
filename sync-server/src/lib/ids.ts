import { createHmac, randomBytes } from 'node:crypto';

/** Random, non-guessable id (128 bits, base64url): users, venues, tables, socket ids. */
export function randomId(): string {
  return randomBytes(16).toString('base64url');
}

/** Secret token (256 bits, base64url): session cookies and links sent by mail. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps of a secret token: an HMAC with the server's secret, so neither a copy
 * of the database nor a guess can be turned back into a working cookie or link.
 */
export function hashToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('base64url');
}
