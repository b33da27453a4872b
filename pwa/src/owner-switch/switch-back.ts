import { t, type UserSession } from '@comanda/shared-schema';
import { call } from '../data/api.ts';
import { ApiError } from '../data/errors.ts';
import { forgetSessions, rememberSession, savePrecUrl } from '../session/session.ts';
import { clearReturnPath } from './return-path.ts';
import { SwitchError } from './switch-error.ts';

/** The sign-in page's `reason` when the way back found the owner session gone. */
export const SWITCH_ENDED_REASON = 'owner-switch-ended';
/** The sign-in page, saying why the owner is there (the signin screen reads `reason`). */
export const SIGNIN_SWITCH_ENDED = `/signin?reason=${SWITCH_ENDED_REASON}`;

/**
 * The way back from the customer flow (spec 1): sessionId/get, from the switched guest's session,
 * answers a handoff naming the owner session it came from; sessionId/set uses it at once and
 * sets that session's cookie again (the guest session ends on the server). Throws
 * `SwitchError('ended')` when the owner session is gone; `NetworkError` and other `ApiError`s
 * (a rate limit) as they come: the guest session is then still there, try again.
 */
export async function switchBack(): Promise<UserSession> {
  let session: UserSession;
  try {
    const handoff = await call('userSessionIdGet', {});
    session = await call('userSessionIdSet', { sessionId: handoff.sessionId, userId: handoff.userId });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      throw new SwitchError('ended', t.ownerSwitchEnded);
    }
    throw err;
  }
  if (!session.valid || session.type !== 'owner') throw new SwitchError('ended', t.ownerSwitchEnded);
  forgetSessions();
  rememberSession('owner', session);
  clearReturnPath();
  return session;
}

/**
 * No way back: the guest session ends too, and the owner signs in again, landing afterwards on
 * the owner screen they left (`precUrl`). Answers the sign-in address to go to.
 */
export async function abandonSwitch(path: string): Promise<string> {
  try {
    await call('userLogout', {});
  } catch {
    // Offline: the cookie is a guest's either way, and signing in replaces it.
  }
  forgetSessions();
  clearReturnPath();
  savePrecUrl(path);
  return SIGNIN_SWITCH_ENDED;
}
