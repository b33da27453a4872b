import { AppError, type ErrorCode, type ErrorEnvelope } from '@comanda/shared-schema';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { msg } from './messages.ts';

/** zod issues -> the envelope's `issues` (path joined with '.'). */
export function zodIssues(error: z.ZodError): NonNullable<ErrorEnvelope['issues']> {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

export function validationError(error: z.ZodError): AppError {
  const issues = zodIssues(error);
  const first = issues[0];
  const text = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : msg.validation;
  return new AppError('VALIDATION', text, { issues });
}

/** An error answer with a status that differs from its code's usual one (415, 405...). */
export class StatusError extends AppError {
  constructor(
    readonly httpStatus: number,
    code: ErrorCode,
    message: string,
  ) {
    super(code, message);
  }
  override get status(): number {
    return this.httpStatus;
  }
}

function isSqliteBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || code === 'SQLITE_BUSY_SNAPSHOT';
}

/** Any thrown thing -> the one envelope and its status. Internals never reach the client. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof z.ZodError) return validationError(err);
  if (isSqliteBusy(err)) return new AppError('UNAVAILABLE', msg.unavailable);
  const fe = err as Partial<FastifyError> | null;
  switch (fe?.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('BAD_JSON', msg.badJson);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', msg.tooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new StatusError(415, 'VALIDATION', msg.unsupportedMedia);
  }
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  if (status === 429) return new AppError('RATE_LIMITED', msg.rateLimited);
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', msg.tooLarge);
  if (status === 401) return new AppError('UNAUTHORIZED', msg.unauthorized);
  if (status === 403) return new AppError('FORBIDDEN', msg.forbidden);
  if (status === 404) return new AppError('NOT_FOUND', msg.notFound);
  if (status === 503) return new AppError('UNAVAILABLE', msg.unavailable);
  // Other framework 4xx (bad URL, bad header...): the client's mistake, told without internals.
  if (status >= 400 && status < 500) return new StatusError(status, 'VALIDATION', msg.validation);
  return new AppError('INTERNAL', msg.internal);
}

export function sendError(reply: FastifyReply, err: AppError): FastifyReply {
  return reply.code(err.status).type('application/json; charset=utf-8').send(err.toEnvelope());
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(err);
    if (appError.status >= 500) req.log.error({ err }, 'request failed');
    else req.log.debug({ err }, 'request refused');
    return sendError(reply, appError);
  });
}
