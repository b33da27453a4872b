import { AppError, calls, t } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { refuseOverCeilings } from '../store/ceilings.ts';
import { touchDelivery } from '../store/deliveries.ts';
import { deliveryWire } from '../store/orders.ts';
import { refuseCardAmountChange } from '../store/payment-status.ts';
import { priceCart } from '../store/price-cart.ts';
import { checkVenueEcho } from '../store/venue.ts';
import { mutationRoute } from '../sync/mutation-route.ts';
import { insertLines, recordPut, requireDelivery } from './writes.ts';

/**
 * `/api/reservation/user/orderRoomCart`: the owner adds lines to an open delivery or pickup,
 * every price from the menu (out-of-menu lines are the owner's to price). The lines are accepted
 * when the order is; the venue's other devices get `order` with the new lines.
 */
export async function roomCartRoute(app: FastifyInstance): Promise<void> {
  mutationRoute(app, calls.userOrderRoomCart, async (ctx) => {
    const { body, db, venueId, now, publish } = ctx;
    checkVenueEcho(venueId, body.ownerId);
    const order = await requireDelivery(db, venueId, body.deliveryId);
    if (order.closedAt !== null) throw new AppError('CONFLICT', t.deliveryNotOpen);
    /**
     * Spec 2.11: no dishes added to a card order, paid or about to be. Its payment is one fixed
     * charge and the history one payment per order, so extra dishes could not be recorded as owed
     * at the counter apart from the card's takings: the owner places them as a new order.
     */
    refuseCardAmountChange(order);
    const priced = await priceCart(db, venueId, body.cart, true);
    await refuseOverCeilings(db, priced, order, 'owner');
    const touched = await touchDelivery(db, order.id, now);
    if (!touched) throw new Error('delivery vanished inside its transaction');
    const entry = deliveryWire(touched, await insertLines(db, touched, priced, now));
    recordPut(ctx, entry);
    publish('order', { table: entry });
    return { success: true, deliveryId: touched.id, lines: entry.reservations };
  });
}
