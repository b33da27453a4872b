import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  AppError,
  ClientId,
  type EntityRow,
  IdempotencyKey,
  MutationId,
  type ServerEventData,
  type ServerEventName,
  SYNC_HEADERS,
} from '@comanda/shared-schema';
import { and, eq, lt, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db, Store } from '../db/client.ts';
import { clientMutations, idempotency, mutationAnswers } from '../db/schema.ts';
import { msg } from '../http/messages.ts';
import type { LiveHub, PublishOptions } from '../live/hub.ts';
import {
  appendChanges,
  type ChangeOp,
  type ChangesPage,
  changesSince,
  currentVersion,
  type PendingChange,
} from './change-log.ts';

/** Options of an event a mutation publishes (after commit, with the new version). */
export type EventOptions = Pick<PublishOptions, 'tableId' | 'to'> & {
  /** Also send it to the sender's socket (default: the sender is excluded). */
  includeSender?: boolean;
};

/** What a mutation handler gets besides its body: the one way to record changes and events. */
export interface MutationTools {
  db: Db;
  now: number;
  /** Records a change-log row; `data` is the entity as its wire schema defines it. */
  change(entity: string, entityId: string, op: ChangeOp, data?: unknown): void;
  /** Queues a live event, published only if the transaction commits. */
  publish<E extends ServerEventName>(event: E, data: ServerEventData<E>, options?: EventOptions): void;
}

export interface MutationRequest<B, P, R> {
  /** Call path: the idempotency scope. */
  scope: string;
  /** Signed-in user (client ids are bound to it), or null on public calls. */
  userId: string | null;
  /** Who asks, for Idempotency-Key scoping when there is no user (the client address). */
  requester: string;
  headers: IncomingHttpHeaders;
  rawBody: unknown;
  /** Validates the body; throws AppError('VALIDATION'). */
  parse(raw: unknown): B;
  prepare(body: B): Promise<P>;
  businessId(body: B): string | null;
  socketId(body: B): string | null;
  run(body: B, prepared: P, tools: MutationTools): R;
}

export interface MutationOutcome {
  status: number;
  body: unknown;
  /** Business version after the mutation (x-comanda-version). */
  version: number | null;
  replayed: boolean;
}

/** Stored answers kept per client: far more than any outbox has in flight. */
const ANSWERS_KEPT = 1000;
/** Idempotency-Key answers are kept a day. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export type SnapshotLoader = (db: Db, businessId: string) => Array<{ id: string; data: unknown }>;

type Mode =
  | { kind: 'client'; clientId: string; mutationId: number }
  | { kind: 'idempotent'; scope: string; key: string; hash: string }
  | { kind: 'plain' };

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** A refusal a client must not retry: a 4xx AppError. */
const isRefusal = (err: unknown): err is AppError => err instanceof AppError && err.status < 500;

/**
 * The sync core of DESIGN.md rules 2 and 3: per-client mutation ids with stored answers,
 * Idempotency-Key for header-less callers, the per-business version and change log, and
 * live events after commit.
 */
export class SyncCore {
  private readonly loaders = new Map<string, SnapshotLoader>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly hub: LiveHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Features declare which entities the owner's device keeps offline. */
  registerSnapshot(entity: string, loader: SnapshotLoader): void {
    if (this.loaders.has(entity)) throw new Error(`snapshot loader for '${entity}' already registered`);
    this.loaders.set(entity, loader);
  }

  /** Every offline entity of a venue, read in one transaction with its version. */
  snapshot(businessId: string): { success: true; version: number; rows: EntityRow[] } {
    const read = this.store.sqlite.transaction(() => {
      const version = currentVersion(this.store.db, businessId) ?? 0;
      const rows: EntityRow[] = [];
      for (const [entity, load] of this.loaders) {
        for (const row of load(this.store.db, businessId))
          rows.push({ entity, entityId: row.id, data: row.data });
      }
      return { success: true as const, version, rows };
    });
    return read();
  }

  changes(businessId: string, since: number, limit: number): ChangesPage {
    return this.store.sqlite.transaction(() => changesSince(this.store.db, businessId, since, limit))();
  }

  async execute<B, P, R>(req: MutationRequest<B, P, R>): Promise<MutationOutcome> {
    const mode = this.modeOf(req);
    const early = this.stored(mode, req.userId);
    if (early) return early;

    let body: B;
    try {
      body = req.parse(req.rawBody);
    } catch (err) {
      // A client's outbox must move past a body the server will never accept.
      if (mode.kind === 'client' && isRefusal(err)) return this.refuse(mode, req.userId, null, err);
      throw err;
    }
    const businessId = req.businessId(body);
    let prepared: P;
    try {
      prepared = await req.prepare(body);
    } catch (err) {
      if (isRefusal(err)) return this.refuse(mode, req.userId, businessId, err);
      throw this.transient(err);
    }

    const events: Array<{ event: ServerEventName; data: unknown; options: EventOptions }> = [];
    let outcome: MutationOutcome;
    try {
      outcome = this.store.sqlite
        .transaction((): MutationOutcome => {
          // Re-checked inside the write lock: a concurrent duplicate may have won meanwhile.
          const again = this.stored(mode, req.userId);
          if (again) return again;
          const now = this.clock.nowMs();
          const pending: PendingChange[] = [];
          const tools: MutationTools = {
            db: this.store.db,
            now,
            change: (entity, entityId, op, data) => {
              pending.push({ entity, entityId, op, data });
            },
            publish: (event, data, options = {}) => {
              events.push({ event, data, options });
            },
          };
          let result: R;
          try {
            // A savepoint: a refusal undoes the handler's writes but not the counter below.
            result = this.store.sqlite.transaction(() => req.run(body, prepared, tools))();
          } catch (err) {
            if (!isRefusal(err)) throw err;
            events.length = 0;
            return this.recordRefusal(mode, req.userId, businessId, err, now);
          }
          let version: number | null = null;
          if (pending.length > 0) {
            if (!businessId) throw new Error(`${req.scope}: a change needs a business`);
            version = appendChanges(this.store.db, businessId, pending, now);
          } else if (businessId) version = currentVersion(this.store.db, businessId);
          const answer: MutationOutcome = { status: 200, body: result, version, replayed: false };
          this.record(mode, req.userId, businessId, answer, now);
          return answer;
        })
        .immediate();
    } catch (err) {
      if (isRefusal(err)) throw err;
      throw this.transient(err);
    }

    if (!outcome.replayed && businessId) {
      const exceptSocketId = req.socketId(body);
      for (const e of events) {
        const { includeSender, ...options } = e.options;
        this.hub.publish(businessId, e.event, e.data as ServerEventData<typeof e.event>, {
          ...options,
          ...(outcome.version !== null ? { version: outcome.version } : {}),
          exceptSocketId: includeSender ? null : exceptSocketId,
        });
      }
    }
    return outcome;
  }

  private modeOf(req: MutationRequest<unknown, unknown, unknown>): Mode {
    const rawClient = header(req.headers, SYNC_HEADERS.clientId);
    const rawMutation = header(req.headers, SYNC_HEADERS.mutationId);
    if (rawClient !== undefined || rawMutation !== undefined) {
      const clientId = ClientId.safeParse(rawClient);
      const mutationId = MutationId.safeParse(rawMutation);
      if (!clientId.success || !mutationId.success) throw new AppError('VALIDATION', msg.mutationHeaders);
      if (!req.userId) throw new AppError('UNAUTHORIZED', msg.unauthorized);
      return { kind: 'client', clientId: clientId.data, mutationId: mutationId.data };
    }
    const rawKey = header(req.headers, SYNC_HEADERS.idempotencyKey);
    if (rawKey !== undefined) {
      const key = IdempotencyKey.safeParse(rawKey);
      if (!key.success) throw new AppError('VALIDATION', 'Idempotency-Key: 8-128 caratteri');
      const hash = createHash('sha256')
        .update(JSON.stringify(req.rawBody ?? null))
        .digest('base64url');
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
  private stored(mode: Mode, userId: string | null): MutationOutcome | null {
    const { db } = this.store;
    if (mode.kind === 'client') {
      const row = db.select().from(clientMutations).where(eq(clientMutations.clientId, mode.clientId)).get();
      if (row && row.userId !== userId) throw new AppError('FORBIDDEN', msg.clientIdTaken);
      const last = row?.lastMutationId ?? 0;
      if (mode.mutationId > last + 1) {
        throw new AppError('MUTATION_GAP', msg.mutationGap, { expectedMutationId: last + 1 });
      }
      if (mode.mutationId <= last) {
        const answer = db
          .select()
          .from(mutationAnswers)
          .where(
            and(eq(mutationAnswers.clientId, mode.clientId), eq(mutationAnswers.mutationId, mode.mutationId)),
          )
          .get();
        if (!answer) {
          const gone = new AppError('CONFLICT', msg.mutationForgotten);
          return { status: gone.status, body: gone.toEnvelope(), version: null, replayed: true };
        }
        return { status: answer.status, body: answer.body, version: answer.version, replayed: true };
      }
      return null;
    }
    if (mode.kind === 'idempotent') {
      const row = db
        .select()
        .from(idempotency)
        .where(and(eq(idempotency.scope, mode.scope), eq(idempotency.key, mode.key)))
        .get();
      if (!row) return null;
      if (row.requestHash !== mode.hash) throw new AppError('CONFLICT', msg.idempotencyReused);
      return { status: row.status, body: row.body, version: row.version, replayed: true };
    }
    return null;
  }

  /** Stores a refusal in its own transaction (refused before the handler ran). */
  private refuse(
    mode: Mode,
    userId: string | null,
    businessId: string | null,
    err: AppError,
  ): MutationOutcome {
    if (mode.kind === 'plain') throw err;
    return this.store.sqlite
      .transaction(() => {
        const again = this.stored(mode, userId);
        if (again) return again;
        return this.recordRefusal(mode, userId, businessId, err, this.clock.nowMs());
      })
      .immediate();
  }

  private recordRefusal(
    mode: Mode,
    userId: string | null,
    businessId: string | null,
    err: AppError,
    now: number,
  ): MutationOutcome {
    if (mode.kind === 'plain') throw err;
    const answer: MutationOutcome = {
      status: err.status,
      body: err.toEnvelope(),
      version: null,
      replayed: false,
    };
    this.record(mode, userId, businessId, answer, now);
    return answer;
  }

  /** Advances the client's counter and stores the answer (inside the caller's transaction). */
  private record(
    mode: Mode,
    userId: string | null,
    businessId: string | null,
    answer: MutationOutcome,
    now: number,
  ) {
    const { db } = this.store;
    if (mode.kind === 'client') {
      if (!userId) throw new Error('client mutation without a user');
      db.insert(clientMutations)
        .values({
          clientId: mode.clientId,
          userId,
          businessId,
          lastMutationId: mode.mutationId,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: clientMutations.clientId,
          set: { lastMutationId: mode.mutationId, updatedAt: now, ...(businessId ? { businessId } : {}) },
        })
        .run();
      db.insert(mutationAnswers)
        .values({
          clientId: mode.clientId,
          mutationId: mode.mutationId,
          status: answer.status,
          body: answer.body ?? null,
          version: answer.version,
          createdAt: now,
        })
        .run();
      if (mode.mutationId > ANSWERS_KEPT) {
        db.delete(mutationAnswers)
          .where(
            and(
              eq(mutationAnswers.clientId, mode.clientId),
              lte(mutationAnswers.mutationId, mode.mutationId - ANSWERS_KEPT),
            ),
          )
          .run();
      }
    } else if (mode.kind === 'idempotent') {
      db.delete(idempotency)
        .where(lt(idempotency.createdAt, now - IDEMPOTENCY_TTL_MS))
        .run();
      db.insert(idempotency)
        .values({
          scope: mode.scope,
          key: mode.key,
          requestHash: mode.hash,
          status: answer.status,
          body: answer.body ?? null,
          version: answer.version,
          createdAt: now,
        })
        .run();
    }
  }

  /** Anything but a business refusal: nothing advanced, the client retries. */
  private transient(err: unknown): AppError {
    if (err instanceof AppError) return err;
    this.log.error({ err }, 'mutation failed; not applied');
    return new AppError('UNAVAILABLE', msg.unavailable);
  }
}
