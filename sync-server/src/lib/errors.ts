import { AppError, type ErrorCode, type ErrorEnvelope } from '@comanda/shared-schema';
import type { FastifyError } from 'fastify';
import { z } from 'zod';
import { msg } from './messages.ts';

/*
 * The one error envelope: how any thrown thing becomes an AppError. Shared by the
 * HTTP hooks (http/errors.ts), the routes and the sync core, so it sits below all of them.
 */

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

/**
 * The database or its disk failing for now, not the request: locked (SQLITE_BUSY/LOCKED and
 * their extended codes), a full disk (SQLITE_FULL, ENOSPC, EDQUOT) or an I/O error
 * (SQLITE_IOERR_*). Nothing was written (the transaction rolled back), so the client retries:
 * 503, never 500.
 */
export function isTransientStorageError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  const base = code.startsWith('SQLITE_') ? code.replace(/^(SQLITE_[A-Z]+)_.*$/, '$1') : code;
  return (
    base === 'SQLITE_BUSY' ||
    base === 'SQLITE_LOCKED' ||
    base === 'SQLITE_FULL' ||
    base === 'SQLITE_IOERR' ||
    code === 'ENOSPC' ||
    code === 'EDQUOT'
  );
}

/** Any thrown thing -> the one envelope and its status. Internals never reach the client. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof z.ZodError) return validationError(err);
  if (isTransientStorageError(err)) return new AppError('UNAVAILABLE', msg.unavailable);
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
