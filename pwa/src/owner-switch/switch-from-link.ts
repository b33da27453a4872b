import { t } from '@comanda/shared-schema';
import { call } from '../data/api.ts';
import { ComandaDb, ownerDbName } from '../data/db.ts';
import { businessIdOf } from '../session/use-session.ts';
import { DEFAULT_RETURN_PATH } from './return-path.ts';
import { SwitchError } from './switch-error.ts';
import { switchToCustomer } from './switch-in.ts';

/**
 * Spec 1, from a link: an owner's browser opens a customer page of a venue (the owner scans a
 * table's QR code, or follows the delivery page's link). Its cookie is the owner's, and a guest
 * signed in over it would end the owner's session on this device. Instead the owner switches
 * into the customer flow as from the owner screens, with the same checks (a connection, nothing
 * of the venue's waiting in the outbox), and 'Torna al pannello' leads to the owner's home.
 * Throws what the switch throws (`SwitchError`, `NetworkError`, `ApiError`); nothing changed then.
 * Loaded only then: it brings the device database, which a diner's first visit never needs.
 */
export async function switchFromLink(): Promise<void> {
  const owner = await call('ownerAuthenticate', {});
  if (!owner.valid || owner.type !== 'owner') throw new SwitchError('ended', t.ownerSwitchEnded);
  // The owner's outbox is the one that must be empty: the device database of the owner's venue.
  const db = new ComandaDb(ownerDbName(businessIdOf(owner)));
  try {
    await switchToCustomer({ db, returnPath: DEFAULT_RETURN_PATH, enter: () => undefined });
  } finally {
    db.close();
  }
}
