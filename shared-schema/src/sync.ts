import { z } from 'zod';
import { defineCall, Id } from './contract.ts';

/**
 * The sync protocol of DESIGN.md rule 2 and 3 (Replicache/Zero style on the spec's endpoints).
 * Owner mutations carry a per-device client id and a per-client mutation counter; header-less
 * callers (a customer's order, a script) may carry an Idempotency-Key instead.
 */
export const SYNC_HEADERS = {
  clientId: 'x-client-id',
  mutationId: 'x-mutation-id',
  idempotencyKey: 'idempotency-key',
  /** Set on the answer of a mutation: the business version after it, for the client's cursor. */
  version: 'x-comanda-version',
  /** Set on a replayed answer, so tests and clients can tell a stored answer from a fresh one. */
  replayed: 'x-comanda-replayed',
  /** The live socket of the sender, so its own event is not echoed (when the body has no socketId). */
  socketId: 'x-socket-id',
  /**
   * Set on every answer the sync core judged and stored (applied or refused, fresh or replayed).
   * A 401/403 without it means the session, not the mutation, was refused: the client keeps the
   * mutation and waits for a new sign-in instead of dropping it.
   */
  judged: 'x-comanda-judged',
} as const;

export const ClientId = z.uuid();
/**
 * A header's number as a client writes it: a canonical decimal integer, no sign, space, leading
 * zero, exponent, hex or fraction ('0x1', ' 1', '1e3' and '01' are not 1), at most 16 digits
 * and within the safe integers. A lenient parse would let two spellings name one mutation.
 */
const decimalInteger = (min: 0 | 1) =>
  z
    .string()
    .regex(min === 1 ? /^[1-9][0-9]{0,15}$/ : /^(0|[1-9][0-9]{0,15})$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(Number.MAX_SAFE_INTEGER));

export const MutationId = decimalInteger(1);
/** A query number: a JSON number from a typed caller, or its canonical decimal text in the URL. */
const queryInteger = (min: 0 | 1) =>
  z.union([z.number().int().min(min).max(Number.MAX_SAFE_INTEGER), decimalInteger(min)]);
export const IdempotencyKey = z.string().min(8).max(128);

/** One row of a business's change log. `data` is the entity as the server now holds it. */
export const Change = z.object({
  version: z.number().int().min(1),
  entity: z.string().min(1).max(40),
  entityId: Id,
  op: z.enum(['put', 'delete']),
  data: z.unknown().optional(),
});
export type Change = z.infer<typeof Change>;

/** How many changes a business keeps; an older cursor gets `reset` and reloads everything. */
export const CHANGE_LOG_KEEP = 5000;
export const CHANGES_PAGE_MAX = 500;

/** One entity as the server holds it: what a snapshot lists and a 'put' change carries. */
export const EntityRow = z.object({ entity: z.string().min(1).max(40), entityId: Id, data: z.unknown() });
export type EntityRow = z.infer<typeof EntityRow>;

/** Most mutations one push may carry (the PWA sends up to 100). */
export const PUSH_MAX_MUTATIONS = 200;

/** One outbox entry in a push: its mutation id, the call key in `calls`, and the call's body. */
export const PushMutation = z.object({
  mutationId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  name: z.string().min(1).max(100),
  body: z.unknown(),
});
export type PushMutation = z.infer<typeof PushMutation>;

/**
 * What a push answers for one mutation: the status and body its own endpoint would have answered
 * (the success answer, a stored refusal, or the error that stopped the push), the business
 * version after it (`x-comanda-version`) and whether it was a stored answer (`x-comanda-replayed`).
 */
export const PushResult = z.object({
  mutationId: z.number().int().min(1),
  status: z.number().int(),
  body: z.unknown(),
  version: z.number().int().nullable(),
  replayed: z.boolean(),
});
export type PushResult = z.infer<typeof PushResult>;

export const syncCalls = {
  /**
   * Full state of the owner's business for the entities the client keeps offline, with the
   * version it is current at. Used on first load and when `changes` answers `reset`.
   */
  snapshot: defineCall({
    method: 'GET',
    path: '/api/sync/snapshot',
    large: true,
    access: 'owner',
    body: z.object({}),
    response: z.object({
      success: z.literal(true),
      version: z.number().int().min(0),
      /** The database's generation: with `version`, the device's cursor (catchup.ts). */
      generation: z.string(),
      rows: z.array(EntityRow),
    }),
  }),
  changes: defineCall({
    method: 'GET',
    path: '/api/sync/changes',
    large: true,
    access: 'owner',
    body: z.object({
      since: queryInteger(0),
      limit: queryInteger(1).pipe(z.number().max(CHANGES_PAGE_MAX)).optional(),
    }),
    response: z.union([
      z.object({
        success: z.literal(true),
        reset: z.literal(false),
        changes: z.array(Change),
        version: z.number().int().min(0),
        generation: z.string(),
        hasMore: z.boolean(),
      }),
      z.object({
        success: z.literal(true),
        reset: z.literal(true),
        version: z.number().int().min(0),
        generation: z.string(),
      }),
    ]),
  }),
  /**
   * Several outbox entries in one request (Replicache's push), headers `x-client-id` and
   * `x-socket-id`. Each mutation runs exactly as its own endpoint would run it with
   * `x-mutation-id` (same checks, sync core, change log, live events), in order, each in its own
   * transaction. Every mutation the sync core judged (applied, refused, or replayed) gets a
   * result; the push stops at the first that could not be judged: a transient failure (status
   * >= 500) or a gap (409 `MUTATION_GAP` with `expectedMutationId`), which is the last result.
   * Owner mutations only (customer calls keep their own endpoints).
   */
  push: defineCall({
    method: 'POST',
    path: '/api/sync/push',
    access: 'owner',
    body: z.object({ mutations: z.array(PushMutation).min(1).max(PUSH_MAX_MUTATIONS) }),
    response: z.object({ success: z.literal(true), results: z.array(PushResult) }),
  }),
} as const;
