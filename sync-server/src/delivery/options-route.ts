import { AppError, calls, type KitchenArea } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { route } from '../http/route.ts';
import { msg } from '../lib/messages.ts';
import { areasOfDishes } from '../store/menu.ts';
import { requireVenue } from '../store/venue.ts';
import { deliveryPlan, slotsWire } from './slot-plan.ts';

/** The kitchen areas a cart needs: those named, plus those of the venue's dishes it holds. */
async function cartAreas(
  db: Db,
  venueId: string,
  areas: readonly KitchenArea[] = [],
  dishIds: readonly string[] = [],
): Promise<KitchenArea[] | undefined> {
  const found = new Set<KitchenArea>(areas);
  if (dishIds.length > 0) {
    for (const area of await areasOfDishes(db, venueId, dishIds)) found.add(area);
  }
  return found.size > 0 ? [...found] : undefined;
}

/**
 * `/api/user/deliveryOptions`: the venue's delivery settings on the server's clock and the slots
 * of its delivery window minus those full for this cart. A read: the send re-checks
 * everything in its own transaction.
 */
export async function optionsRoute(app: FastifyInstance): Promise<void> {
  route(app, calls.userDeliveryOptions, ({ body, user }) =>
    app.store.port.read(async (db) => {
      const venue = await requireVenue(db, body.ownerId);
      const ownerHere = user.user.role === 'owner' && user.venueId === venue.id;
      if (body.isOwner && !ownerHere) throw new AppError('FORBIDDEN', msg.forbidden);
      const now = app.clock.nowMs();
      const { plan, full } = await deliveryPlan(
        db,
        venue,
        now,
        body.isOwner !== true,
        await cartAreas(db, venue.id, body.areas, body.dishIds),
      );
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
    }),
  );
}
