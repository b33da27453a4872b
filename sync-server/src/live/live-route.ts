import { AppError, Id, t } from '@comanda/shared-schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isCrossSite } from '../http/security.ts';
import { validationError } from '../lib/errors.ts';
import { msg } from '../lib/messages.ts';
import { quotaRefusal } from '../lib/quota.ts';
import type { Session } from '../store/sessions.ts';
import { venueExists, venueHasTable } from '../store/venue.ts';
import type { LiveSocketInfo } from './hub.ts';
import {
  type Admission,
  UPGRADE_WINDOW_MS,
  UPGRADES_PER_ADDRESS_PER_CAP,
  UPGRADES_PER_SESSION,
} from './limits.ts';

const LiveQuery = z.object({ ownerId: Id, tableId: Id.optional() });

type Access = Omit<LiveSocketInfo, 'socketId'>;
interface Granted {
  access: Access;
  admission: Admission;
}

/**
 * `GET /live?ownerId=<venueId>[&tableId=]`, websocket only. Access is decided before the
 * upgrade, from the session cookie: an owner for their own venue; any signed-in customer, guest
 * or owner for a real table of that venue (table and venue-wide events), or, without a table,
 * for a real venue (venue-wide events only). A refusal is a plain HTTP answer with the envelope:
 * among them 429 when the session, the address or the venue already holds its cap of sockets,
 * or the session or address opened too many in the last minute (DESIGN.md "Abuse"; limits.ts).
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const granted = new WeakMap<FastifyRequest, Granted>();

  app.route({
    method: 'GET',
    url: '/live',
    preValidation: async (req, reply) => {
      if (isCrossSite(app.config, req)) throw new AppError('FORBIDDEN', msg.crossOrigin);
      const query = LiveQuery.safeParse(req.query);
      if (!query.success) throw validationError(query.error);
      const session = await app.sessions.fromRequest(req, reply);
      if (!session) throw new AppError('UNAUTHORIZED', msg.unauthorized);
      await takeUpgrade(app, session.id, req.ip);
      const { ownerId, tableId } = query.data;
      // The caps first: a refused upgrade costs no more database reads.
      const owner = !tableId && session.user.role === 'owner' && session.venueId === ownerId;
      const admission: Admission = {
        sessionId: session.id,
        address: req.ip,
        venueId: ownerId,
        role: owner ? 'owner' : 'customer',
      };
      if (app.hub.admit(admission)) throw quotaRefusal(t.liveTooManyConnections);
      granted.set(req, { access: await decide(app, session, ownerId, tableId), admission });
    },
    handler: async () => {
      throw new AppError('NOT_FOUND', msg.liveUnavailable);
    },
    wsHandler: (socket, req) => {
      const grant = granted.get(req);
      if (!grant) {
        socket.close(1008, 'access not granted');
        return;
      }
      app.hub.attach(socket, grant.access, grant.admission);
    },
  });
}

/** One more upgrade of this session and address within their quotas, or 429 (limits.ts). */
async function takeUpgrade(app: FastifyInstance, sessionId: string, address: string): Promise<void> {
  const perAddress = app.config.liveMaxSocketsPerAddress * UPGRADES_PER_ADDRESS_PER_CAP;
  const bySession = await app.quotas.take(
    `live:upgrade:session:${sessionId}`,
    UPGRADES_PER_SESSION,
    UPGRADE_WINDOW_MS,
  );
  if (!bySession.allowed) throw quotaRefusal(t.liveReconnectTooFast);
  const byAddress = await app.quotas.take(`live:upgrade:addr:${address}`, perAddress, UPGRADE_WINDOW_MS);
  if (!byAddress.allowed) throw quotaRefusal(t.liveReconnectTooFast);
}

/** Who the socket will be, or the refusal (see liveRoutes). */
async function decide(
  app: FastifyInstance,
  session: Session,
  ownerId: string,
  tableId: string | undefined,
): Promise<Access> {
  if (!tableId) {
    if (session.user.role === 'owner' && session.venueId === ownerId) {
      return { venueId: ownerId, role: 'owner', tableId: null, userId: session.user.id };
    }
    // A customer on the venue's menu without a table (delivery, or before choosing one):
    // venue-wide events only (menuChanged, enableOrder, disableOrder).
    const venue = await app.store.port.read((db) => venueExists(db, ownerId));
    if (!venue) throw new AppError('FORBIDDEN', msg.forbidden);
    return { venueId: ownerId, role: 'customer', tableId: null, userId: session.user.id };
  }
  const table = await app.store.port.read((db) => venueHasTable(db, ownerId, tableId));
  if (!table) throw new AppError('FORBIDDEN', msg.forbidden);
  return { venueId: ownerId, role: 'customer', tableId, userId: session.user.id };
}
