import { call } from '../data/api.ts';
import { forgetSessions } from './session.ts';

/** End the server session (the cookie is revoked server-side), then forget the cached one. */
export async function logout(): Promise<void> {
  await call('userLogout', {});
  forgetSessions();
}
