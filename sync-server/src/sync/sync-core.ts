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
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { msg } from '../lib/messages.ts';
import {
  appendChanges,
  type ChangeOp,
  type ChangesPage,
  changesSince,
  currentVersion,
  type PendingChange,
} from '../store/change-log.ts';
import { syncStatements as statements } from '../store/client-mutations.ts';
import type { DataStore } from '../store/data-store.ts';
import type { StorePort } from '../store/port.ts';
import { databaseGeneration } from '../store/store-meta.ts';
import type { EventOptions, EventPublisher } from './events.ts';

/** What a mutation handler gets besides its body: the one way to record changes and events. */
export interface MutationTools {
  db: Db;
  now: number;
  /** Records a change-log row; `data` is the entity as its wire schema defines it. */
  change(entity: string, entityId: string, op: ChangeOp, data?: unknown): void;
  /** Queues a live event, published only if the transaction commits. */
  publish<E extends ServerEventName>(event: E, data: ServerEventData<E>, options?: EventOptions): void;
  /**
   * Runs `effect` once the transaction committed (never on a refusal, a failure or a replay):
   * work outside the database, such as queueing a mail. It must not throw (errors are logged).
   */
  afterCommit(effect: () => void): void;
}

export interface MutationRequest<B, P, R> {
  /** Call path: the scope of its stored answer (mutation id) and of its Idempotency-Key. */
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
  venueId(body: B): string | null;
  socketId(body: B): string | null;
  run(body: B, prepared: P, tools: MutationTools): R | Promise<R>;
}

export interface MutationOutcome {
  status: number;
  body: unknown;
  /** Venue version after the mutation (x-comanda-version). */
  version: number | null;
  replayed: boolean;
}

/** One run of a registered mutation: its own endpoint's request, or one entry of a push. */
export interface MutationInvocation {
  /** The HTTP request it came in (session, address, log): for a push, the push request. */
  req: FastifyRequest;
  reply: FastifyReply;
  /** Sync headers (client, mutation and socket ids, Idempotency-Key) of this mutation. */
  headers: IncomingHttpHeaders;
  rawBody: unknown;
}

/** A registered mutation, from access check to stored answer (see `mutationRoute`). */
export type MutationExecutor = (invocation: MutationInvocation) => Promise<MutationOutcome>;

/** Stored answers kept per client: far more than any outbox has in flight. */
const ANSWERS_KEPT = 1000;
/** Idempotency-Key answers are kept a day. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

type SnapshotRows = Array<{ id: string; data: unknown }>;
export type SnapshotLoader = (db: Db, venueId: string) => SnapshotRows | Promise<SnapshotRows>;

type Mode =
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

/**
 * A refusal a client must not retry: a 4xx AppError. A quota's 429 is not one: it means "not
 * now", so it is never stored as the answer to a mutation id or Idempotency-Key (the same send
 * retried later must be judged afresh) and the counter does not move.
 */
const isRefusal = (err: unknown): err is AppError =>
  err instanceof AppError && err.status < 500 && err.status !== 429;

/**
 * The sync core of DESIGN.md rules 2 and 3: per-client mutation ids with stored answers,
 * Idempotency-Key for header-less callers, the per-venue version and change log, and
 * live events after commit.
 */
export class SyncCore {
  private readonly loaders = new Map<string, SnapshotLoader>();
  private readonly pushable = new Map<string, MutationExecutor>();
  /** Reads, and the one door to a write transaction (store/port.ts). */
  private readonly port: StorePort<Db>;

  constructor(
    store: DataStore,
    private readonly clock: Clock,
    private readonly hub: EventPublisher,
    private readonly log: FastifyBaseLogger,
  ) {
    this.port = store.port;
  }

  /** `mutationRoute` registers each owner mutation by its call name, for `POST /api/sync/push`. */
  registerPushable(name: string, execute: MutationExecutor): void {
    if (this.pushable.has(name)) throw new Error(`mutation '${name}' already registered`);
    this.pushable.set(name, execute);
  }

  /** The owner mutation a push names, or undefined (unknown, or not pushable). */
  pushableMutation(name: string): MutationExecutor | undefined {
    return this.pushable.get(name);
  }

  /** Features declare which entities the owner's device keeps offline. */
  registerSnapshot(entity: string, loader: SnapshotLoader): void {
    if (this.loaders.has(entity)) throw new Error(`snapshot loader for '${entity}' already registered`);
    this.loaders.set(entity, loader);
  }

  /** Every offline entity of a venue, read in one snapshot with its version. */
  snapshot(
    venueId: string,
  ): Promise<{ success: true; version: number; generation: string; rows: EntityRow[] }> {
    return this.port.read(async (db) => {
      const version = (await currentVersion(db, venueId)) ?? 0;
      const generation = await databaseGeneration(db);
      const rows: EntityRow[] = [];
      for (const [entity, load] of this.loaders) {
        for (const row of await load(db, venueId)) rows.push({ entity, entityId: row.id, data: row.data });
      }
      return { success: true as const, version, generation, rows };
    });
  }

  /** Changes after `since`, with the database's generation: a cursor of another one is void. */
  changes(venueId: string, since: number, limit: number): Promise<ChangesPage & { generation: string }> {
    return this.port.read(async (db) => ({
      ...(await changesSince(db, venueId, since, limit)),
      generation: await databaseGeneration(db),
    }));
  }

  async execute<B, P, R>(req: MutationRequest<B, P, R>): Promise<MutationOutcome> {
    const mode = this.modeOf(req);
    // A replay or a gap is answered before the body is parsed (a plain call has nothing stored).
    const early =
      mode.kind === 'plain' ? null : await this.port.read((db) => this.stored(db, mode, req.userId));
    if (early) return early;

    let body: B;
    try {
      body = req.parse(req.rawBody);
    } catch (err) {
      // A client's outbox must move past a body the server will never accept.
      if (mode.kind === 'client' && isRefusal(err)) return this.refuse(mode, req.userId, null, err);
      throw err;
    }
    const venueId = req.venueId(body);
    let prepared: P;
    try {
      prepared = await req.prepare(body);
    } catch (err) {
      if (isRefusal(err)) return this.refuse(mode, req.userId, venueId, err);
      throw this.transient(err);
    }

    const events: Array<{ event: ServerEventName; data: unknown; options: EventOptions }> = [];
    const effects: Array<() => void> = [];
    let outcome: MutationOutcome;
    try {
      outcome = await this.port.writeVenue(venueId ?? '', async (db): Promise<MutationOutcome> => {
        // Re-checked inside the write lock: a concurrent duplicate may have won meanwhile.
        const again = await this.stored(db, mode, req.userId);
        if (again) return again;
        const now = this.clock.nowMs();
        const pending: PendingChange[] = [];
        const tools: MutationTools = {
          db,
          now,
          change: (entity, entityId, op, data) => {
            pending.push({ entity, entityId, op, data });
          },
          publish: (event, data, options = {}) => {
            events.push({ event, data, options });
          },
          afterCommit: (effect) => {
            effects.push(effect);
          },
        };
        let result: R;
        try {
          // A savepoint: a refusal undoes the handler's writes but not the counter below.
          result = await this.port.savepoint(db, () => req.run(body, prepared, tools));
        } catch (err) {
          if (!isRefusal(err)) throw err;
          pending.length = 0;
          events.length = 0;
          effects.length = 0;
          return this.recordRefusal(db, mode, req.userId, venueId, err, now);
        }
        const answered = (version: number | null): MutationOutcome => ({
          status: 200,
          body: result,
          version,
          replayed: false,
        });
        if (pending.length > 0) {
          if (!venueId) throw new Error(`${req.scope}: a change needs a venue`);
          // The stored answer goes out with the change log's rows: one round trip for both.
          const version = await appendChanges(db, venueId, pending, now, (v) =>
            this.record(db, mode, req.userId, venueId, answered(v), now),
          );
          return answered(version);
        }
        const answer = answered(venueId ? await currentVersion(db, venueId) : null);
        await this.record(db, mode, req.userId, venueId, answer, now);
        return answer;
      });
    } catch (err) {
      if (isRefusal(err)) throw err;
      throw this.transient(err);
    }

    if (!outcome.replayed && venueId) {
      const exceptSocketId = req.socketId(body);
      for (const e of events) {
        const { includeSender, ...options } = e.options;
        this.hub.publish(venueId, e.event, e.data as ServerEventData<typeof e.event>, {
          ...options,
          ...(outcome.version !== null ? { version: outcome.version } : {}),
          exceptSocketId: includeSender ? null : exceptSocketId,
        });
      }
    }
    if (!outcome.replayed) {
      for (const effect of effects) {
        try {
          effect();
        } catch (err) {
          this.log.error({ err, scope: req.scope }, 'after-commit effect failed');
        }
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
  private async stored(db: Db, mode: Mode, userId: string | null): Promise<MutationOutcome | null> {
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
      const row = await s.keyed.get({ scope: mode.scope, key: mode.key });
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
    venueId: string | null,
    err: AppError,
  ): Promise<MutationOutcome> {
    if (mode.kind === 'plain') throw err;
    return this.port.writeVenue(venueId ?? '', async (db) => {
      const again = await this.stored(db, mode, userId);
      if (again) return again;
      return this.recordRefusal(db, mode, userId, venueId, err, this.clock.nowMs());
    });
  }

  private async recordRefusal(
    db: Db,
    mode: Mode,
    userId: string | null,
    venueId: string | null,
    err: AppError,
    now: number,
  ): Promise<MutationOutcome> {
    if (mode.kind === 'plain') throw err;
    const answer: MutationOutcome = {
      status: err.status,
      body: err.toEnvelope(),
      version: null,
      replayed: false,
    };
    await this.record(db, mode, userId, venueId, answer, now);
    return answer;
  }

  /** Advances the client's counter and stores the answer (inside the caller's transaction). */
  private async record(
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
      await Promise.all([
        s.expireKeys.run({ before: now - IDEMPOTENCY_TTL_MS }),
        s.storeKeyed.run({ scope, key, hash, status, body, version, now }),
      ]);
    }
  }

  /** Anything but a business refusal: nothing advanced, the client retries. */
  private transient(err: unknown): AppError {
    if (err instanceof AppError) return err;
    this.log.error({ err }, 'mutation failed; not applied');
    return new AppError('UNAVAILABLE', msg.unavailable);
  }
}
