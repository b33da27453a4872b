import type { FastifyInstance } from 'fastify';
import type { CardPaymentsOptions } from '../card-payments.ts';
import { blockRoutes } from './block-routes.ts';
import { decisionRoutes } from './decision-routes.ts';
import { intentRoute } from './intent-route.ts';
import { optionsRoute } from './options-route.ts';
import { orderDeliveryRoute } from './order-delivery-route.ts';
import { roomCartRoute } from './room-cart-route.ts';
import { settingsRoute } from './settings-route.ts';
import { statusRoute } from './status-route.ts';

/**
 * Delivery and pickup ordering (spec 2.10, 4 "Delivery order", 5, 7 "Delivery", 9):
 * the time picker's options, the customer's send with its atomic checks (paid at the counter,
 * or by card: intent-route.ts stores it, then makes its PaymentIntent), the owner's decisions,
 * lines added to a delivery, blocked senders, and the venue's delivery settings. A delivery is an 'order' row
 * (kind consegna/ritiro, accettato 0 until accepted) with its 'line' rows, registered for the
 * devices' offline copy by the ordering feature; the pending count is the dashboard's
 * `/api/delivery/getCountDelivery`. Card payments (the card send, its confirmation, the refund
 * before a rejection) go through `cards`, handed down by app.ts.
 */
export async function deliveryPlugin(app: FastifyInstance, { cards }: CardPaymentsOptions): Promise<void> {
  await app.register(optionsRoute);
  await app.register(orderDeliveryRoute, { cards });
  await app.register(intentRoute, { cards });
  await app.register(decisionRoutes, { cards });
  await app.register(blockRoutes, { cards });
  await app.register(roomCartRoute);
  await app.register(settingsRoute);
  await app.register(statusRoute);
}
