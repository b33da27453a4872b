import { t } from '@comanda/shared-schema';
import { call } from '../data/api.ts';
import { type ComandaDb, withDb } from '../data/db.ts';
import { NetworkError } from '../data/errors.ts';
import { defaultLocks, type LockManagerLike } from '../data/lock.ts';
import { OUTBOX_LOCK } from '../data/replayer.ts';
import { forgetSessions } from '../session/session.ts';
import { saveReturnPath } from './return-path.ts';
import { SwitchError } from './switch-error.ts';

export interface SwitchInOptions {
  /** The owner's device database: its outbox must be empty. */
  db: ComandaDb;
  /** The owner screen being left, for 'Torna al pannello' (only '/owner/…' is kept). */
  returnPath: string;
  /** Opens the customer page (the navigation); runs once the cookie is the guest's. */
  enter: () => Promise<void> | void;
  locks?: LockManagerLike;
  /** Whether the browser thinks it is online; `navigator.onLine` by default. */
  online?: () => boolean;
}

/**
 * Spec 1: the owner steps into the customer flow. The owner's outbox must never go out with the
 * guest's cookie (the server would refuse it as not an owner's), so everything happens inside the
 * outbox's Web Lock, which every tab's replayer takes to send: no change is on its way meanwhile,
 * and none may wait (`SwitchError('pending')`). Then a handoff of this owner session
 * (sessionId/get) is used at once for a guest login linked to it (the handoff never sits in
 * storage), and `enter` opens the customer page, which unmounts the owner screens and with them
 * the replayer and the live connection (paused until the way back mounts them again; the device
 * database stays). Offline nothing changes: `NetworkError`.
 */
export async function switchToCustomer(opts: SwitchInOptions): Promise<void> {
  const online = opts.online ?? (() => globalThis.navigator?.onLine !== false);
  if (!online()) throw new NetworkError('offline', t.ownerSwitchOffline);
  const locks = opts.locks ?? defaultLocks();
  await locks.request(OUTBOX_LOCK, async () => {
    const { db } = opts;
    const pending = await withDb(db, () => db.outbox.where('status').equals('pending').count());
    if (pending > 0) throw new SwitchError('pending', t.ownerSwitchPending);
    const handoff = await call('userSessionIdGet', {});
    await call('userLogin', {
      isAnonymus: true,
      returnTo: { sessionId: handoff.sessionId, userId: handoff.userId },
    });
    // The cached owner session is not this cookie's any more: an offline reload of an owner
    // screen must not open them on it. The way back remembers it again.
    forgetSessions();
    saveReturnPath(opts.returnPath);
    await opts.enter();
  });
}
