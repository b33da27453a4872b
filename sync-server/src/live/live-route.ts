import { AppError, Id } from '@comanda/shared-schema';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { businesses, diningTables } from '../db/schema.ts';
import { validationError } from '../http/errors.ts';
import { msg } from '../http/messages.ts';
import { isCrossSite } from '../http/security.ts';
import type { LiveSocketInfo } from './hub.ts';

const LiveQuery = z.object({ ownerId: Id, tableId: Id.optional() });

type Access = Omit<LiveSocketInfo, 'socketId'>;

/**
 * `GET /live?ownerId=<businessId>[&tableId=]`, websocket only. Access is decided before the
 * upgrade, from the session cookie: an owner for their own venue; any signed-in customer, guest
 * or owner for a real table of that venue (table and venue-wide events), or, without a table,
 * for a real venue (venue-wide events only). A refusal is a plain HTTP answer with the envelope.
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const access = new WeakMap<FastifyRequest, Access>();

  app.route({
    method: 'GET',
    url: '/live',
    preValidation: async (req, reply) => {
      if (isCrossSite(app.config, req)) throw new AppError('FORBIDDEN', msg.crossOrigin);
      const query = LiveQuery.safeParse(req.query);
      if (!query.success) throw validationError(query.error);
      const session = app.sessions.fromRequest(req, reply);
      if (!session) throw new AppError('UNAUTHORIZED', msg.unauthorized);
      const { ownerId, tableId } = query.data;
      if (!tableId) {
        if (session.user.role === 'owner' && session.businessId === ownerId) {
          access.set(req, { businessId: ownerId, role: 'owner', tableId: null, userId: session.user.id });
          return;
        }
        // A customer on the venue's menu without a table (delivery, or before choosing one):
        // venue-wide events only (menuChanged, enableOrder, disableOrder).
        const venue = app.store.db
          .select({ id: businesses.id })
          .from(businesses)
          .where(eq(businesses.id, ownerId))
          .get();
        if (!venue) throw new AppError('FORBIDDEN', msg.forbidden);
        access.set(req, { businessId: ownerId, role: 'customer', tableId: null, userId: session.user.id });
        return;
      }
      const table = app.store.db
        .select({ id: diningTables.id })
        .from(diningTables)
        .where(and(eq(diningTables.id, tableId), eq(diningTables.businessId, ownerId)))
        .get();
      if (!table) throw new AppError('FORBIDDEN', msg.forbidden);
      access.set(req, { businessId: ownerId, role: 'customer', tableId, userId: session.user.id });
    },
    handler: async () => {
      throw new AppError('NOT_FOUND', msg.liveUnavailable);
    },
    wsHandler: (socket, req) => {
      const granted = access.get(req);
      if (!granted) {
        socket.close(1008, 'access not granted');
        return;
      }
      app.hub.attach(socket, granted);
    },
  });
}
