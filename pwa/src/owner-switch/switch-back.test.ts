import { t } from '@comanda/shared-schema';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownerGuard } from '../app/guards.ts';
import { NetworkError } from '../data/errors.ts';
import { cachedSession, PREC_URL } from '../session/session.ts';
import { RETURN_PATH_KEY, saveReturnPath } from './return-path.ts';
import { ownerSession, stubSessionServer } from './session-test-server.ts';
import { abandonSwitch, SIGNIN_SWITCH_ENDED, switchBack } from './switch-back.ts';
import { SwitchError } from './switch-error.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const guardAt = (path: string) =>
  ownerGuard({ request: new Request(`http://comanda.test${path}`), params: {} } as LoaderFunctionArgs);

describe('the way back from the customer flow (spec 1)', () => {
  it("asks the guest session for the owner's handoff and uses it at once: the owner cookie again", async () => {
    const server = stubSessionServer('switched');
    saveReturnPath('/owner/tables');
    expect(await switchBack()).toEqual({ success: true, ...ownerSession });
    expect(server.calls.map((c) => [c.path, c.body, c.cookie])).toEqual([
      ['/api/user/sessionId/get', {}, 'switched'],
      ['/api/user/sessionId/set', { sessionId: 'H-back', userId: 'owner-user-1' }, 'switched'],
    ]);
    expect(server.cookie).toBe('owner');
    expect(cachedSession('owner')).toMatchObject({ businessId: ownerSession.businessId });
    expect(sessionStorage.getItem(RETURN_PATH_KEY)).toBeNull();
  });

  it('the owner session ended meanwhile: a SwitchError saying so', async () => {
    const server = stubSessionServer('switched');
    server.ownerAlive = false;
    const failure = await switchBack().catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(SwitchError);
    expect(failure).toMatchObject({ kind: 'ended', message: t.ownerSwitchEnded });
    expect(server.cookie).toBe('switched');
  });

  it('offline: the guest session stays, the caller may try again', async () => {
    const server = stubSessionServer('switched');
    server.offline = true;
    expect(await switchBack().catch((err: unknown) => err)).toBeInstanceOf(NetworkError);
    server.offline = false;
    expect((await switchBack()).type).toBe('owner');
  });

  it('abandoning it ends the guest session and sends to sign in, coming back to the screen left', async () => {
    const server = stubSessionServer('switched');
    saveReturnPath('/owner/room');
    expect(await abandonSwitch('/owner/room')).toBe(SIGNIN_SWITCH_ENDED);
    expect(server.paths()).toEqual(['/api/user/logout']);
    expect(sessionStorage.getItem(PREC_URL)).toBe('/owner/room');
    expect(sessionStorage.getItem(RETURN_PATH_KEY)).toBeNull();
  });
});

describe('the owner guard with a switched guest session (the back button, a bookmark)', () => {
  it('comes back through the handoff: the owner screen opens, no sign-in', async () => {
    const server = stubSessionServer('switched');
    const guarded = await guardAt('/owner/room');
    expect(guarded).toEqual({ session: { success: true, ...ownerSession }, offline: false });
    expect(server.paths()).toEqual([
      '/api/owner/authenticate',
      '/api/user/sessionId/get',
      '/api/user/sessionId/set',
    ]);
  });

  it('the owner session gone: sign in, with the reason, then back to this screen', async () => {
    const server = stubSessionServer('switched');
    server.ownerAlive = false;
    const thrown = await guardAt('/owner/room?x=1').catch((err: unknown) => err);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe(SIGNIN_SWITCH_ENDED);
    expect(sessionStorage.getItem(PREC_URL)).toBe('/owner/room?x=1');
    expect(server.cookie).toBe('none');
  });

  it('any other session that is not an owner: sign in as before, no handoff asked', async () => {
    const server = stubSessionServer('guest');
    const thrown = await guardAt('/owner/room').catch((err: unknown) => err);
    expect((thrown as Response).headers.get('Location')).toBe('/signin');
    expect(server.paths()).toEqual(['/api/owner/authenticate']);
  });
});
