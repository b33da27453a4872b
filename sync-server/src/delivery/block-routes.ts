import { AppError, calls, t } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import type { CardPaymentsOptions } from '../card-payments.ts';
import { route } from '../http/route.ts';
import { deliveryStatements } from '../store/deliveries.ts';
import { mutationRoute } from '../sync/mutation-route.ts';
import { prepareRejection, rejectDelivery } from './reject.ts';
import { blockedWire, blockSenderOf } from './senders.ts';

/**
 * The delivery desk's answer to a sender who floods it (DESIGN.md "Abuse"): 'Blocca mittente'
 * rejects the order as 'Rifiuta' does and blocks who sent it at this venue; 'Sblocca' lifts it;
 * the desk lists the blocks. Blocks are the venue's own: not an offline entity of the tablets
 * (the list is read when online), and no live event (only the sends of the blocked change).
 */
export async function blockRoutes(app: FastifyInstance, { cards }: CardPaymentsOptions): Promise<void> {
  mutationRoute(
    app,
    calls.deliveryBlockSender,
    ({ body, venueId }) => prepareRejection(app, cards, venueId, body),
    async (ctx, prepared) => {
      const order = await rejectDelivery(app, cards, ctx, ctx.body, prepared, calls.deliveryBlockSender.path);
      return { success: true, blocked: await blockSenderOf(ctx.db, order, ctx.now) };
    },
  );

  /** Another venue's block, or one already lifted (by another tablet): NOT_FOUND, nothing changes. */
  mutationRoute(app, calls.deliveryUnblockSender, async ({ body, db, venueId }) => {
    const gone = await deliveryStatements(db).deleteBlock.get({ id: body.id, venueId });
    if (!gone) throw new AppError('NOT_FOUND', t.blockedSenderNotFound);
    return { success: true };
  });

  route(app, calls.deliveryBlockedSenders, async ({ venueId }) => {
    const now = app.clock.nowMs();
    const rows = await app.store.port.read((db) => deliveryStatements(db).activeBlocks.all({ venueId, now }));
    return { success: true, blocked: rows.map((row) => blockedWire(row, now)) };
  });
}
