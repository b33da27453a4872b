import { t } from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ComandaDb, type OutboxEntry } from '../data/db.ts';
import { NetworkError } from '../data/errors.ts';
import { pageLocks } from '../data/lock.ts';
import { OUTBOX_LOCK } from '../data/replayer.ts';
import { cachedSession, rememberSession } from '../session/session.ts';
import { freshDbName } from '../test/sync-fixture.ts';
import { RETURN_PATH_KEY } from './return-path.ts';
import { ownerSession, stubSessionServer } from './session-test-server.ts';
import { SwitchError } from './switch-error.ts';
import { switchToCustomer } from './switch-in.ts';

let db: ComandaDb;
beforeEach(async () => {
  db = new ComandaDb(freshDbName());
  await db.open();
  rememberSession('owner', ownerSession);
});
afterEach(() => {
  db.close();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const entry = (mutationId: number, status: OutboxEntry['status']): OutboxEntry => ({
  mutationId,
  name: 'roomsAdd',
  body: { name: 'Sala' },
  status,
  ackVersion: null,
  ackedAt: null,
  error: null,
  errorCode: null,
  attempts: 0,
  createdAt: Date.now(),
});

/** A promise resolved by the test, and whether the code waiting on it started. */
function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve: () => resolve(), started: false };
}

const options = (enter: () => Promise<void> | void = () => undefined) => ({
  db,
  returnPath: '/owner/tables',
  enter,
  locks: pageLocks,
  online: () => true,
});

describe("the owner's switch into the customer flow (spec 1)", () => {
  it('uses a handoff of the owner session at once for a linked guest, then opens the customer page', async () => {
    const server = stubSessionServer('owner');
    const enter = vi.fn(() => {
      // The cookie is the guest's by the time the customer page opens.
      expect(server.cookie).toBe('switched');
    });
    // Sent and refused changes are not waiting: they never go out again.
    await db.outbox.bulkAdd([entry(1, 'acked'), entry(2, 'refused')]);
    await switchToCustomer(options(enter));
    expect(server.calls.map((c) => [c.path, c.body, c.cookie])).toEqual([
      ['/api/user/sessionId/get', {}, 'owner'],
      [
        '/api/user/login',
        { isAnonymus: true, returnTo: { sessionId: 'H-owner', userId: 'owner-user-1' } },
        'owner',
      ],
    ]);
    expect(enter).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(RETURN_PATH_KEY)).toBe('/owner/tables');
    // The handoff never sits in storage; the cached owner session is no longer this cookie's.
    expect(JSON.stringify({ ...sessionStorage, ...localStorage })).not.toContain('H-owner');
    expect(cachedSession('owner')).toBeNull();
  });

  it('waits while owner changes wait to be sent: nothing asked, nothing switched', async () => {
    const server = stubSessionServer('owner');
    await db.outbox.add(entry(1, 'pending'));
    const enter = vi.fn();
    const failure = await switchToCustomer(options(enter)).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(SwitchError);
    expect(failure).toMatchObject({ kind: 'pending', message: t.ownerSwitchPending });
    expect(server.calls).toEqual([]);
    expect(server.cookie).toBe('owner');
    expect(enter).not.toHaveBeenCalled();
    expect(cachedSession('owner')).toEqual(ownerSession);
  });

  it('offline: nothing changes, the owner is told the connection is needed', async () => {
    const server = stubSessionServer('owner');
    const offline = await switchToCustomer({ ...options(), online: () => false }).catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(NetworkError);
    expect((offline as Error).message).toBe(t.ownerSwitchOffline);
    // The browser thought it was online, the network said otherwise.
    server.offline = true;
    const noAnswer = await switchToCustomer(options()).catch((e: unknown) => e);
    expect(noAnswer).toBeInstanceOf(NetworkError);
    expect(server.cookie).toBe('owner');
    expect(sessionStorage.getItem(RETURN_PATH_KEY)).toBeNull();
    expect(cachedSession('owner')).toEqual(ownerSession);
  });

  it('holds the outbox lock from the check to the customer page: no replayer sends in between', async () => {
    const server = stubSessionServer('owner');
    // A replayer of this or another tab is sending: the switch waits for it to finish.
    const send = deferred();
    const sending = pageLocks.request(OUTBOX_LOCK, () => {
      send.started = true;
      return send.promise;
    });
    const page = deferred();
    const switching = switchToCustomer(
      options(() => {
        page.started = true;
        return page.promise;
      }),
    );
    await vi.waitFor(() => expect(send.started).toBe(true));
    expect(server.calls).toEqual([]);
    send.resolve();
    await sending;
    // The customer page is opening (the cookie is the guest's): a replayer asking now waits.
    await vi.waitFor(() => expect(page.started).toBe(true));
    expect(server.cookie).toBe('switched');
    const replayed = vi.fn();
    const replay = pageLocks.request(OUTBOX_LOCK, async () => replayed());
    // A free lock would have run it by now (its callback was queued first).
    await Promise.resolve();
    expect(replayed).not.toHaveBeenCalled();
    page.resolve();
    await switching;
    await replay;
    expect(replayed).toHaveBeenCalledTimes(1);
  });
});
