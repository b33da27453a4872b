import { AppError, calls, t } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import { msg } from '../lib/messages.ts';
import { requireVenue, updateVenue, type VenueUpdate, venueWire } from '../store/venue.ts';
import { mutationRoute } from '../sync/mutation-route.ts';

/** The profile fields a customer's open page shows (the closed screen, the opening hours). */
const CUSTOMER_VISIBLE: ReadonlyArray<keyof VenueUpdate> = [
  'isClosed',
  'messaggioChiusura',
  'openingTime',
  'closingTime',
  'name',
];

/**
 * `/api/owner/profile/get` and `/api/owner/profile/set` (spec 2.3 `/owner/profile`, 3 "Owner
 * profile" and "Owner business"): the venue's name, hours, delivery window and fee, the closed
 * status with its message and the print bridge address. A set changes only the fields sent, as
 * an outbox mutation ('business' change row, so every tablet follows); when it touches what a
 * customer sees, the venue's open ordering pages are told (`venueChanged`) and read the closed
 * status again, and a send after closing is refused (VENUE_CLOSED) whatever the page showed.
 */
export async function profilePlugin(app: FastifyInstance): Promise<void> {
  route(app, calls.ownerProfileGet, async ({ venueId }) => {
    const profile = await app.store.port.read(async (db) => venueWire(db, await requireVenue(db, venueId)));
    return { success: true, profile };
  });

  mutationRoute(app, calls.ownerProfileSet, async ({ body, db, venueId, change, publish }) => {
    const set: VenueUpdate = {};
    if (body.name !== undefined) set.name = body.name;
    if (body.costoConsegna !== undefined) set.costoConsegna = body.costoConsegna;
    if (body.openingTime !== undefined) set.openingTime = body.openingTime;
    if (body.closingTime !== undefined) set.closingTime = body.closingTime;
    if (body.openConsegna !== undefined) set.openConsegna = body.openConsegna;
    if (body.closeConsegna !== undefined) set.closeConsegna = body.closeConsegna;
    if (body.abilitaConsegna !== undefined) set.abilitaConsegna = body.abilitaConsegna === 1;
    if (body.is_closed !== undefined) set.isClosed = body.is_closed === 1;
    if (body.messaggioChiusura !== undefined) set.messaggioChiusura = body.messaggioChiusura ?? '';
    if (body.ownerIp !== undefined) set.ownerIp = body.ownerIp || null;
    if (Object.keys(set).length === 0) throw new AppError('VALIDATION', t.nothingToChange);
    const row = await updateVenue(db, venueId, set);
    if (!row) throw new AppError('business_id_error', msg.venueNotFound);
    const wire = await venueWire(db, row);
    change('business', row.id, 'put', wire);
    if (CUSTOMER_VISIBLE.some((key) => key in set)) publish('venueChanged', {}, { to: 'all' });
    return { success: true, profile: wire };
  });
}
