import { z } from 'zod';

/**
 * The one error shape for every failure of every route: `error` is the text a person may read
 * (the spec's Italian text where it has one), `code` is stable for programs.
 */
export const ErrorCode = z.enum([
  'VALIDATION',
  'BAD_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'MUTATION_GAP',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  'EMAIL_NOT_CONFIRMED',
  'TOKEN_INVALID',
  'ROOM_NOT_EMPTY',
  'CATEGORY_NOT_EMPTY',
  'INVALID_NAME',
  'ORDER_DISABLED',
  'TABLE_INVALID',
  'VENUE_CLOSED',
  'business_id_error',
  'dish_error',
  'history_error',
  'SLOT_TAKEN',
  'DELIVERY_DISABLED',
  'CITY_NOT_SERVED',
  /** Added: the delivery fee the customer saw is not the venue's fee now. */
  'FEE_CHANGED',
  'ALREADY_DECIDED',
  'PAYMENT_ERROR',
  'CHAT_DISABLED',
  'CHAT_RATE_LIMITED',
  'PRINT_ERROR',
  'UNAVAILABLE',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorEnvelope = z.object({
  success: z.literal(false),
  code: ErrorCode,
  error: z.string(),
  /** Field problems for VALIDATION: path joined with '.', and the message. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** For MUTATION_GAP: the mutation id the server expects next. */
  expectedMutationId: z.number().int().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** HTTP status of each code, so server and tests agree. */
export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION: 400,
  BAD_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  MUTATION_GAP: 409,
  RATE_LIMITED: 429,
  INVALID_CREDENTIALS: 401,
  EMAIL_TAKEN: 409,
  EMAIL_NOT_CONFIRMED: 403,
  TOKEN_INVALID: 400,
  ROOM_NOT_EMPTY: 409,
  CATEGORY_NOT_EMPTY: 409,
  INVALID_NAME: 400,
  ORDER_DISABLED: 409,
  TABLE_INVALID: 404,
  VENUE_CLOSED: 409,
  business_id_error: 404,
  dish_error: 400,
  history_error: 404,
  SLOT_TAKEN: 409,
  DELIVERY_DISABLED: 409,
  CITY_NOT_SERVED: 400,
  FEE_CHANGED: 409,
  ALREADY_DECIDED: 409,
  PAYMENT_ERROR: 502,
  CHAT_DISABLED: 409,
  CHAT_RATE_LIMITED: 429,
  PRINT_ERROR: 409,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** A typed failure that server code throws and the error handler turns into the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Partial<Pick<ErrorEnvelope, 'issues' | 'expectedMutationId'>> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
  get status(): number {
    return errorStatus[this.code];
  }
  toEnvelope(): ErrorEnvelope {
    return { success: false, code: this.code, error: this.message, ...this.extra };
  }
}
