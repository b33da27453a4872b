import { AppError, calls } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { msg } from '../lib/messages.ts';
import { updateVenue, type VenueUpdate, venueWire } from '../store/venue.ts';
import { mutationRoute } from '../sync/mutation-route.ts';

/**
 * `/api/owner/delivery/settings`: the venue's delivery cities and slot capacities,
 * only the fields sent, as an outbox mutation ('business' change row). A lower capacity leaves
 * the orders already in a slot where they are; it only stops new ones.
 */
export async function settingsRoute(app: FastifyInstance): Promise<void> {
  mutationRoute(app, calls.deliverySettingsSet, async ({ body, db, venueId, change }) => {
    const set: VenueUpdate = {};
    if (body.deliveryCities !== undefined) set.deliveryCities = body.deliveryCities;
    if (body.slotCapacity !== undefined) set.slotCapacity = body.slotCapacity;
    if (body.slotAreaCapacity !== undefined) set.slotAreaCapacity = body.slotAreaCapacity;
    const row = await updateVenue(db, venueId, set);
    if (!row) throw new AppError('business_id_error', msg.venueNotFound);
    const wire = await venueWire(db, row);
    change('business', row.id, 'put', wire);
    return { success: true, business: wire };
  });
}
