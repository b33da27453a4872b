import { AppError } from '@comanda/shared-schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toAppError } from '../lib/errors.ts';
import { msg } from '../lib/messages.ts';

export function sendError(reply: FastifyReply, err: AppError): FastifyReply {
  return reply.code(err.status).type('application/json; charset=utf-8').send(err.toEnvelope());
}

/**
 * While the server closes (SIGTERM), a request that arrives gets the one envelope, 503
 * UNAVAILABLE, on a connection that then closes; requests already past this hook finish
 * normally. (Fastify's `return503OnClosing` answers with a body of its own: the app turns it
 * off for this.) Register before the websocket plugin: its preClose waits for the sockets.
 */
export function installClosingGuard(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', async (_req, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    return sendError(reply, new AppError('UNAVAILABLE', msg.unavailable));
  });
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(err);
    if (appError.status >= 500) req.log.error({ err }, 'request failed');
    else req.log.debug({ err }, 'request refused');
    return sendError(reply, appError);
  });
}
