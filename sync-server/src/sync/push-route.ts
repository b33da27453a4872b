import { AppError, ClientId, type PushResult, SYNC_HEADERS, syncCalls } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import { toAppError } from '../lib/errors.ts';
import { msg } from '../lib/messages.ts';
import type { MutationExecutor } from './sync-core.ts';

/**
 * `POST /api/sync/push`: several outbox entries of one device in one request. Each runs through
 * the very function its own endpoint runs (`mutationRoute`), with the push's client id and its
 * own mutation id, in order, each in its own transaction; so a push means exactly what the same
 * mutations sent one by one would mean. Stops at the first mutation that was not judged: a
 * transient failure or a gap, answered as the last result.
 */
export function pushRoute(app: FastifyInstance): void {
  /** A name no owner mutation has: refused and stored like a body the server never accepts. */
  const unknownMutation: MutationExecutor = async ({ req, headers, rawBody }) =>
    app.sync.execute({
      scope: syncCalls.push.path,
      userId: (await app.sessions.fromRequest(req))?.user.id ?? null,
      requester: req.ip,
      headers,
      rawBody,
      parse: () => {
        throw new AppError('NOT_FOUND', msg.notFound);
      },
      prepare: async () => undefined,
      venueId: () => null,
      socketId: () => null,
      run: () => undefined,
    });

  route(app, syncCalls.push, async ({ body, req, reply }) => {
    const clientId = ClientId.safeParse(req.headers[SYNC_HEADERS.clientId]);
    if (!clientId.success) throw new AppError('VALIDATION', msg.mutationHeaders);
    const socketId = req.headers[SYNC_HEADERS.socketId];
    const results: PushResult[] = [];
    for (const { mutationId, name, body: rawBody } of body.mutations) {
      const headers = {
        [SYNC_HEADERS.clientId]: clientId.data,
        [SYNC_HEADERS.mutationId]: String(mutationId),
        ...(typeof socketId === 'string' && socketId ? { [SYNC_HEADERS.socketId]: socketId } : {}),
      };
      const execute = app.sync.pushableMutation(name) ?? unknownMutation;
      try {
        const { status, body: answer, version, replayed } = await execute({ req, reply, headers, rawBody });
        results.push({ mutationId, status, body: answer, version, replayed });
      } catch (thrown) {
        const err = toAppError(thrown);
        if (err.status >= 500 || err.code === 'MUTATION_GAP') {
          if (err.status >= 500 && !(thrown instanceof AppError)) req.log.error({ err: thrown }, 'push');
          results.push({
            mutationId,
            status: err.status,
            body: err.toEnvelope(),
            version: null,
            replayed: false,
          });
          break;
        }
        // Not about this mutation but about who sends it (a session that ended, a device bound
        // to another account): the push itself is refused, as the endpoint would refuse it.
        if (results.length === 0) throw err;
        break;
      }
    }
    return { success: true as const, results };
  });
}
