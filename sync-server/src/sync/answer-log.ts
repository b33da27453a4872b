import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { AppError, ClientId, IdempotencyKey, MutationId, SYNC_HEADERS } from '@comanda/shared-schema';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { msg } from '../lib/messages.ts';
import { syncStatements as statements } from '../store/client-mutations.ts';

/*
 * The sync core's answers (DESIGN.md rules 2 and 3): which resend rule a mutation is under (its
 * client and mutation ids, an Idempotency-Key, or none), the answer stored for a resend, and
 * recording a new answer with the client's counter. The sync core (sync-core.ts) calls these
 * inside its transactions.
 */

export interface MutationOutcome {
  status: number;
  body: unknown;
  /** Venue version after the mutation (x-comanda-version). */
  version: number | null;
  replayed: boolean;
}

/** Stored answers kept per client: far more than any outbox has in flight. */
const ANSWERS_KEPT = 1000;
/** Idempotency-Key answers are kept a day. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Keys past their day are swept by a mutation at most this often (a statement less for the others). */
const KEY_SWEEP_EVERY_MS = 60 * 1000;

/** What `modeOf` reads of a mutation request. */
export interface ModeRequest {
  scope: string;
  userId: string | null;
  requester: string;
  headers: IncomingHttpHeaders;
  rawBody: unknown;
}

export type Mode =
  | { kind: 'client'; clientId: string; mutationId: number; scope: string }
  | { kind: 'idempotent'; scope: string; key: string; hash: string }
  | { kind: 'plain' };

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * The body's JSON text for the Idempotency-Key hash. A body nested deeper than the stack allows
 * (thousands of levels: no schema accepts one) overflows JSON.stringify; it is a bad request (400),
 * not a server failure.
 */
function bodyText(rawBody: unknown): string {
  try {
    return JSON.stringify(rawBody ?? null);
  } catch (err) {
    if (err instanceof RangeError) throw new AppError('VALIDATION', msg.validation);
    throw err;
  }
}

/** The answer stored for a refusal: its status and envelope. */
export function refusalAnswer(err: AppError): MutationOutcome {
  return { status: err.status, body: err.toEnvelope(), version: null, replayed: false };
}

/** The stored answers of one server, with the Idempotency-Key sweep's schedule. */
export class AnswerLog {
  /** When a keyed mutation next sweeps the expired keys (app clock, ms). */
  private nextKeySweep = 0;

  constructor(private readonly clock: Clock) {}

  modeOf(req: ModeRequest): Mode {
    const rawClient = header(req.headers, SYNC_HEADERS.clientId);
    const rawMutation = header(req.headers, SYNC_HEADERS.mutationId);
    if (rawClient !== undefined || rawMutation !== undefined) {
      const clientId = ClientId.safeParse(rawClient);
      const mutationId = MutationId.safeParse(rawMutation);
      if (!clientId.success || !mutationId.success) throw new AppError('VALIDATION', msg.mutationHeaders);
      if (!req.userId) throw new AppError('UNAUTHORIZED', msg.unauthorized);
      return { kind: 'client', clientId: clientId.data, mutationId: mutationId.data, scope: req.scope };
    }
    const rawKey = header(req.headers, SYNC_HEADERS.idempotencyKey);
    if (rawKey !== undefined) {
      const key = IdempotencyKey.safeParse(rawKey);
      if (!key.success) throw new AppError('VALIDATION', 'Idempotency-Key: 8-128 caratteri');
      const hash = createHash('sha256').update(bodyText(req.rawBody)).digest('base64url');
      return {
        kind: 'idempotent',
        scope: `${req.scope}|${req.userId ?? `ip:${req.requester}`}`,
        key: key.data,
        hash,
      };
    }
    return { kind: 'plain' };
  }

  /** The stored answer for a repeated mutation, a gap refusal, or null to go ahead. */
  async stored(db: Db, mode: Mode, userId: string | null): Promise<MutationOutcome | null> {
    const s = statements(db);
    if (mode.kind === 'client') {
      const { clientId, mutationId } = mode;
      const row = await s.client.get({ clientId });
      if (row && row.userId !== userId) throw new AppError('FORBIDDEN', msg.clientIdTaken);
      const last = row?.lastMutationId ?? 0;
      if (mutationId > last + 1) {
        throw new AppError('MUTATION_GAP', msg.mutationGap, { expectedMutationId: last + 1 });
      }
      if (mutationId <= last) {
        const answer = await s.answer.get({ clientId, mutationId });
        if (!answer) {
          const gone = new AppError('CONFLICT', msg.mutationForgotten);
          return { status: gone.status, body: gone.toEnvelope(), version: null, replayed: true };
        }
        // A stored answer answers its own call only: the same id sent to another call is not a
        // resend but a second mutation under a used number (rule 2). Answers stored before
        // calls were recorded (no scope) are replayed as they always were.
        if (answer.scope !== null && answer.scope !== mode.scope) {
          throw new AppError('CONFLICT', msg.mutationReused);
        }
        return { status: answer.status, body: answer.body, version: answer.version, replayed: true };
      }
      return null;
    }
    if (mode.kind === 'idempotent') {
      const row = await s.keyed.get({
        scope: mode.scope,
        key: mode.key,
        since: this.clock.nowMs() - IDEMPOTENCY_TTL_MS,
      });
      if (!row) return null;
      if (row.requestHash !== mode.hash) throw new AppError('CONFLICT', msg.idempotencyReused);
      return { status: row.status, body: row.body, version: row.version, replayed: true };
    }
    return null;
  }

  /** Advances the client's counter and stores the answer (inside the caller's transaction). */
  async record(
    db: Db,
    mode: Mode,
    userId: string | null,
    venueId: string | null,
    answer: MutationOutcome,
    now: number,
  ): Promise<void> {
    const s = statements(db);
    const { status, version } = answer;
    const body = answer.body ?? null;
    if (mode.kind === 'client') {
      if (!userId) throw new Error('client mutation without a user');
      const { clientId, mutationId, scope } = mode;
      // Independent statements, sent together (PostgreSQL pipelines them: one round trip).
      await Promise.all([
        s.advance.run({ clientId, userId, venueId, mutationId, now }),
        s.storeAnswer.run({ clientId, mutationId, scope, status, body, version, now }),
        mutationId > ANSWERS_KEPT ? s.forgetAnswers.run({ clientId, upTo: mutationId - ANSWERS_KEPT }) : null,
      ]);
    } else if (mode.kind === 'idempotent') {
      const { scope, key, hash } = mode;
      const sweep = now >= this.nextKeySweep;
      if (sweep) this.nextKeySweep = now + KEY_SWEEP_EVERY_MS;
      await Promise.all([
        sweep ? s.expireKeys.run({ before: now - IDEMPOTENCY_TTL_MS }) : null,
        s.storeKeyed.run({ scope, key, hash, status, body, version, now }),
      ]);
    }
  }
}
