import { z } from 'zod';

/** Who may call an endpoint. The server enforces it; the client only reads it. */
export type Access = 'public' | 'user' | 'owner';

/**
 * One call of spec section 7. `body` validates the JSON body (POST) or the query string (GET);
 * `response` is the success answer. Failures always use the error envelope of `envelope.ts`.
 * `mutation: true` marks an owner mutation that goes through the sync core (outbox, client and
 * mutation ids, change log). `large: true` marks an answer that grows with the venue's data (a
 * menu, a snapshot, history, a report): the server compresses those for a phone on 4G. The rest
 * answer one order or one row, mostly to a tablet on the venue's LAN, and go out as they are:
 * compressing them cost a fifth of the order bench's throughput for nothing anyone would see.
 */
export interface CallDef<B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly access: Access;
  readonly body: B;
  readonly response: R;
  readonly mutation?: boolean;
  readonly large?: true;
}

export function defineCall<B extends z.ZodType, R extends z.ZodType>(def: CallDef<B, R>): CallDef<B, R> {
  return def;
}

/** Responses of the spec carry `success: true`; each call adds its own fields. */
export const ok = <S extends z.ZodRawShape>(shape: S) => z.object({ success: z.literal(true), ...shape });

/** The empty body of calls the spec lists as "no payload" (an absent or `{}` JSON body). */
export const emptyBody = z.object({}).strict();

/** Random, non-guessable ids (they appear in QR links). */
export const Id = z.string().min(1).max(64);

/** Integer cents: every amount on the wire. */
export const Cents = z.number().int().min(0).max(100_000_000);

/** Bounded free text: trimmed by clients, limited here. */
export const text = (max: number) => z.string().max(max);

export type Body<C extends CallDef> = z.input<C['body']>;
export type ParsedBody<C extends CallDef> = z.output<C['body']>;
export type Response<C extends CallDef> = z.output<C['response']>;
