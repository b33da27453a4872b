import type { ErrorCode, ErrorEnvelope } from '@comanda/shared-schema';

/**
 * The failures a caller of the data layer must handle, in one module: an answer in the error
 * envelope (`ApiError`), no answer at all (`NetworkError`), and a local IndexedDB failure
 * (`StorageError`). Screens show `message`; programs branch on `code` / `kind`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues: ErrorEnvelope['issues'] = undefined,
    readonly expectedMutationId: number | undefined = undefined,
    /** The sync core judged this mutation (header `x-comanda-judged`): never a session problem. */
    readonly judged = false,
  ) {
    super(message);
  }
}

export type NetworkFailure = 'offline' | 'timeout' | 'aborted';

export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    readonly kind: NetworkFailure,
    message: string,
  ) {
    super(message);
  }
}

export type StorageFailure = 'quota' | 'closed' | 'other';

export class StorageError extends Error {
  override readonly name = 'StorageError';
  constructor(
    readonly kind: StorageFailure,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** Worth retrying later with the same request: no answer, a busy server, a rate limit. */
export function isTransient(err: unknown): boolean {
  if (err instanceof NetworkError) return err.kind !== 'aborted';
  if (err instanceof ApiError) return err.status >= 500 || err.status === 429 || err.status === 408;
  return false;
}
