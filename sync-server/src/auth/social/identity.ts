import { AppError, Email, t } from '@comanda/shared-schema';

export type Provider = 'google' | 'facebook';

/** What a provider vouched for, after its token was verified on our side. */
export interface VerifiedIdentity {
  provider: Provider;
  /** The provider's stable id of the person (Google `sub`, Facebook user id). */
  subject: string;
  /** Lower-cased, trimmed; verified by the provider. */
  email: string;
  firstName: string;
  lastName: string;
}

/** A token the provider does not vouch for (forged, expired, someone else's app...). */
export const refused = (provider: Provider) =>
  new AppError('INVALID_CREDENTIALS', provider === 'google' ? t.socialGoogleFailed : t.socialFacebookFailed);

/** The provider could not be asked (network, timeout, its 5xx): try again later, not "wrong". */
export const unreachable = () => new AppError('UNAVAILABLE', t.socialUnreachable);

/** Names are display text only: trimmed and bounded like the signup form's. */
export const cleanName = (value: unknown): string =>
  typeof value === 'string' ? value.trim().replace(/\s+/g, ' ').slice(0, 80) : '';

/** The provider's e-mail if it is a well-formed address, normalised like signup does. */
export function cleanEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim().toLowerCase();
  return Email.safeParse(email).success ? email : null;
}
