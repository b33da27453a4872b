import { AppError, calls } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { msg } from '../http/messages.ts';
import { route } from '../http/route.ts';
import { requireVenue } from '../ordering/venue.ts';
import { deliveryPlan, slotsWire } from './slot-plan.ts';

/**
 * `/api/user/deliveryOptions`: the venue's delivery settings on the server's clock and the slots
 * of its delivery window minus those full for this cart (issue 6). A read: the send re-checks
 * everything in its own transaction.
 */
export async function optionsRoute(app: FastifyInstance): Promise<void> {
  route(app, calls.userDeliveryOptions, ({ body, user }) => {
    const { db } = app.store;
    const venue = requireVenue(db, body.ownerId);
    const ownerHere = user.user.role === 'owner' && user.businessId === venue.id;
    if (body.isOwner && !ownerHere) throw new AppError('FORBIDDEN', msg.forbidden);
    const now = app.clock.nowMs();
    const { plan, full } = deliveryPlan(db, venue, now, body.isOwner !== true, body.areas);
    return {
      success: true,
      result: {
        business: {
          openConsegna: venue.openConsegna,
          closeConsegna: venue.closeConsegna,
          abilitaConsegna: venue.abilitaConsegna ? 1 : 0,
          currentTime_db: new Date(now).toISOString(),
        },
        reservation: full.map((orario) => ({ orario })),
        costoConsegna: venue.costoConsegna,
        deliveryCities: venue.deliveryCities,
        slots: slotsWire(plan),
      },
    };
  });
}
