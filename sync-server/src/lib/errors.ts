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
 * PostgreSQL's codes of a failure of the moment: a serialization failure or a deadlock (run it
 * again), a lock not had in time, too many connections, the server shutting down or refusing
 * connections for now, a full disk, a transaction ended for idling too long (25P03), and the
 * connection exception class (08...).
 */
const PG_TRANSIENT = new Set('40001 40P01 55P03 53100 53200 53300 57P01 57P02 57P03 25P03'.split(' '));
/** A connection that failed or went away under a query (the pg driver's own errors carry no SQLSTATE). */
const NETWORK_TRANSIENT = new Set(
  'ECONNREFUSED ECONNRESET ETIMEDOUT EPIPE EHOSTUNREACH ENOTFOUND'.split(' '),
);
const PG_CONNECTION_LOST =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/**
 * The database or its disk failing for now, not the request: locked (SQLITE_BUSY/LOCKED and
 * their extended codes), a full disk (SQLITE_FULL, ENOSPC, EDQUOT) or an I/O error
 * (SQLITE_IOERR_*); on PostgreSQL a serialization failure, a deadlock, a lock timeout or a
 * connection lost (above). Nothing was written (the transaction rolled back), so the client
 * retries: 503, never 500. A query error wrapped by drizzle is judged by its cause.
 */
export function isTransientStorageError(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (isTransientCode(e)) return true;
  }
  return false;
}

function isTransientCode(err: unknown): boolean {
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof message === 'string' && PG_CONNECTION_LOST.test(message)) return true;
  if (typeof code !== 'string') return false;
  if (PG_TRANSIENT.has(code) || code.startsWith('08') || NETWORK_TRANSIENT.has(code)) return true;
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

/** PostgreSQL's unique violation, wrapped by drizzle or not: a race lost on a unique key. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
      return true;
  }
  return false;
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
