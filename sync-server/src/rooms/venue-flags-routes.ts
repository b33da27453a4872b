import { AppError, calls } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { route } from '../http/route.ts';
import { msg } from '../lib/messages.ts';
import {
  accountVersion,
  ownerVersionOfVenue,
  requireVenue,
  setAccountVersion,
  setVenueFlags,
  userVersionOf,
  venueWire,
} from '../store/venue.ts';
import { mutationRoute } from '../sync/mutation-route.ts';

const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);

/**
 * The venue flags: the owner order toggle ('Abilita ordini'), the chat switch (spec 2.6), and the
 * owner's version, which decides the room screen's extra panels (spec 2.4), read and set.
 */
export async function venueFlagsRoutes(app: FastifyInstance): Promise<void> {
  route(app, calls.ownerOrderEnabledGet, async ({ venueId }) => {
    const row = await app.store.port.read((db) => requireVenue(db, venueId));
    return { success: true, orderEnabled: flag(row.orderEnabled) };
  });

  /** Flips the flag; owners and the venue's customers follow it live (enableOrder/disableOrder). */
  mutationRoute(app, calls.ownerOrderToggle, async ({ db, venueId, change, publish }) => {
    const current = await requireVenue(db, venueId);
    const row = await setVenueFlags(db, venueId, { orderEnabled: !current.orderEnabled });
    if (!row) throw new Error('venue vanished inside its transaction');
    change('business', row.id, 'put', await venueWire(db, row));
    publish(row.orderEnabled ? 'enableOrder' : 'disableOrder', {}, { to: 'all' });
    return { success: true, orderEnabled: flag(row.orderEnabled) };
  });

  /** Reads through `db`: the port's read for the reads, the transaction's own for the toggle. */
  const chatEnabled = async (db: Db, venueId: string): Promise<0 | 1> =>
    flag((await requireVenue(db, venueId)).chatEnabled);

  /** A customer's chat button follows this (spec 2.6, 7 "Chat"). */
  route(app, calls.userChatGet, async ({ body }) => ({
    success: true,
    chatEnabled: await app.store.port.read((db) => chatEnabled(db, body.ownerId)),
  }));

  /** The owner's venue always, whatever `ownerId` says (the spec's screen may send none). */
  route(app, calls.ownerChatGet, async ({ venueId }) => ({
    success: true,
    chatEnabled: await app.store.port.read((db) => chatEnabled(db, venueId)),
  }));

  /** Flips the chat switch; owners and the venue's customers follow it live (enableChat/disableChat). */
  mutationRoute(app, calls.ownerChatToggle, async ({ db, venueId, change, publish }) => {
    const current = (await chatEnabled(db, venueId)) === 1;
    const row = await setVenueFlags(db, venueId, { chatEnabled: !current });
    if (!row) throw new Error('venue vanished inside its transaction');
    change('business', row.id, 'put', await venueWire(db, row));
    publish(row.chatEnabled ? 'enableChat' : 'disableChat', {}, { to: 'all' });
    return { success: true, chatEnabled: flag(row.chatEnabled) };
  });

  /**
   * The owner sets their own account's version (Profilo): the venue's owner, found from the
   * session's venue, never from the body. A 'business' change row carries it to every tablet,
   * and `venueChanged` to the owners' sockets makes them catch up now.
   */
  mutationRoute(app, calls.ownerVersionSet, async ({ body, db, venueId, change, publish }) => {
    const venue = await requireVenue(db, venueId);
    const current = await accountVersion(db, venue.ownerUserId);
    if (userVersionOf(current) !== body.version) {
      await setAccountVersion(db, venue.ownerUserId, body.version);
      change('business', venue.id, 'put', await venueWire(db, venue));
      publish('venueChanged', {});
    }
    return { success: true, version: body.version };
  });

  /** Only the version: the venue's owner account is nobody else's business. */
  route(app, calls.userDataUserGet, async ({ body }) => {
    const version = await app.store.port.read((db) => ownerVersionOfVenue(db, body.ownerId));
    if (version === undefined) throw new AppError('business_id_error', msg.venueNotFound);
    return { success: true, version: userVersionOf(version) };
  });
}
