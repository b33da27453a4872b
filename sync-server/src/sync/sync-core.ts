import type { IncomingHttpHeaders } from 'node:http';
import { AppError, type EntityRow, type ServerEventData, type ServerEventName } from '@comanda/shared-schema';
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
  type LogCursor,
  logCursor,
  type PendingChange,
} from '../store/change-log.ts';
import type { DataStore } from '../store/data-store.ts';
import type { LastWrites, StorePort } from '../store/port.ts';
import { databaseGeneration } from '../store/store-meta.ts';
import { AnswerLog, type Mode, type MutationOutcome, refusalAnswer } from './answer-log.ts';
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
  /**
   * A write the handler sent and does not wait for (nothing it does next reads it back): it is
   * awaited with the transaction's last writes, which carry the commit (`LastWrites`: one round
   * trip on PostgreSQL for all of them). Its failure fails the mutation, as an awaited one would.
   */
  withCommit(write: Promise<unknown>): void;
}

export type { MutationOutcome };

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

type SnapshotRows = Array<{ id: string; data: unknown }>;
export type SnapshotLoader = (db: Db, venueId: string) => SnapshotRows | Promise<SnapshotRows>;

/**
 * A refusal a client must not retry: a 4xx AppError. A quota's 429 is not one: it means "not
 * now", so it is never stored as the answer to a mutation id or Idempotency-Key (the same send
 * retried later must be judged afresh) and the counter does not move.
 */
const isRefusal = (err: unknown): err is AppError =>
  err instanceof AppError && err.status < 500 && err.status !== 429;

/**
 * A handler's refusal carried out of its write transaction, so the transaction rolls back whole
 * (rather than to a savepoint: a statement less each way for every mutation that is not refused).
 */
class Refused extends Error {
  constructor(readonly refusal: AppError) {
    super(refusal.message);
  }
}

/** A live event a handler queued, published once its transaction committed. */
type QueuedEvent = { event: ServerEventName; data: unknown; options: EventOptions };

/** The answer the re-check under the lock found: the transaction is rolled back and it is the answer. */
class Answered extends Error {
  constructor(readonly answer: MutationOutcome) {
    super('answered before');
  }
}

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
  /** The stored answers and the resend rules (client and mutation ids, Idempotency-Key). */
  private readonly answers: AnswerLog;

  constructor(
    store: DataStore,
    private readonly clock: Clock,
    private readonly hub: EventPublisher,
    private readonly log: FastifyBaseLogger,
  ) {
    this.port = store.port;
    this.answers = new AnswerLog(clock);
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
    const mode = this.answers.modeOf(req);
    // A replay or a gap is answered before the body is parsed (a plain call has nothing stored).
    // No snapshot is needed: a stored answer never changes, and the check is made again under
    // the lock before anything is written.
    const early =
      mode.kind === 'plain'
        ? null
        : await this.port.lookup((db) => this.answers.stored(db, mode, req.userId));
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

    const events: QueuedEvent[] = [];
    const effects: Array<() => void> = [];
    let outcome: MutationOutcome;
    try {
      outcome = await this.port.writeVenue(venueId ?? '', (db, last) =>
        this.applyLocked(req, mode, venueId, body, prepared, { db, last, events, effects }),
      );
    } catch (err) {
      if (err instanceof Answered) return err.answer;
      if (err instanceof Refused) return this.refuse(mode, req.userId, venueId, err.refusal);
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

  /**
   * A mutation inside its venue's write lock: the re-check, the handler, the change log, the
   * stored answer and the commit. The live events and after-commit effects are collected into
   * `sink`, to be run by the caller once the transaction committed.
   */
  private async applyLocked<B, P, R>(
    req: MutationRequest<B, P, R>,
    mode: Mode,
    venueId: string | null,
    body: B,
    prepared: P,
    sink: { db: Db; last: LastWrites; events: QueuedEvent[]; effects: Array<() => void> },
  ): Promise<MutationOutcome> {
    const { db, last, events, effects } = sink;
    const now = this.clock.nowMs();
    const pending: PendingChange[] = [];
    const along: Array<Promise<unknown>> = [];
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
      withCommit: (write) => {
        // SQLite's statements have run already and may hand back their plain result.
        const sent = Promise.resolve(write);
        // Met below with the others; seen now, its failure is not unhandled meanwhile.
        sent.catch(() => undefined);
        along.push(sent);
      },
    };
    // Re-checked inside the write lock: a concurrent duplicate may have won meanwhile. The
    // venue's log position is read with it (under the same lock, it stays put until commit).
    // The handler starts beside them, so its first statements share their round trip on
    // PostgreSQL; when the re-check finds an answer, whatever the handler did is undone with
    // the whole transaction.
    const checked = Promise.all([
      this.answers.stored(db, mode, req.userId),
      venueId ? logCursor(db, venueId) : undefined,
    ]);
    const ran = this.runHandler(req, body, prepared, tools);
    // Its end, however it ends: waited for before the transaction ends either way, so none of
    // its statements is left in flight (and its failure is not unhandled meanwhile).
    const ranOut = ran.then(
      () => undefined,
      () => undefined,
    );
    // Everything the handler sent, ended, before the transaction ends without them.
    const drained = async () => {
      await ranOut;
      await Promise.allSettled(along);
    };
    let again: MutationOutcome | null;
    let cursor: LogCursor | undefined;
    try {
      [again, cursor] = await checked;
    } catch (err) {
      await drained();
      throw err;
    }
    if (again) {
      await drained();
      throw new Answered(again);
    }
    let result: R;
    try {
      result = await ran;
    } catch (err) {
      await drained();
      throw err;
    }
    const answered = (version: number | null): MutationOutcome => ({
      status: 200,
      body: result,
      version,
      replayed: false,
    });
    if (pending.length > 0) {
      if (!venueId) throw new Error(`${req.scope}: a change needs a venue`);
      // The stored answer goes out with the change log's rows and the commit: one round trip.
      const version = await appendChanges(db, venueId, cursor, pending, now, last, (v) =>
        Promise.all([...along, this.answers.record(db, mode, req.userId, venueId, answered(v), now)]),
      );
      return answered(version);
    }
    const answer = answered(cursor?.version ?? null);
    await last(() =>
      Promise.all([...along, this.answers.record(db, mode, req.userId, venueId, answer, now)]),
    );
    return answer;
  }

  /**
   * The handler's run; a refusal undoes its writes with the whole transaction, and is recorded
   * (the counter advanced, the answer stored) in a transaction of its own (`refuse`).
   */
  private async runHandler<B, P, R>(
    req: MutationRequest<B, P, R>,
    body: B,
    prepared: P,
    tools: MutationTools,
  ): Promise<R> {
    try {
      return await req.run(body, prepared, tools);
    } catch (err) {
      throw isRefusal(err) ? new Refused(err) : err;
    }
  }

  /**
   * Stores a refusal in its own transaction (refused by the parse or prepare step, or the
   * handler). Recording it is a write like any other: when it fails, the failure is transient
   * (503, the counter not moved, the client sends the same id again), never a raw database error.
   */
  private async refuse(
    mode: Mode,
    userId: string | null,
    venueId: string | null,
    err: AppError,
  ): Promise<MutationOutcome> {
    if (mode.kind === 'plain') throw err;
    try {
      return await this.port.writeVenue(venueId ?? '', async (db) => {
        const again = await this.answers.stored(db, mode, userId);
        if (again) return again;
        const answer = refusalAnswer(err);
        await this.answers.record(db, mode, userId, venueId, answer, this.clock.nowMs());
        return answer;
      });
    } catch (failed) {
      throw isRefusal(failed) ? failed : this.transient(failed);
    }
  }

  /** Anything but a business refusal: nothing advanced, the client retries. */
  private transient(err: unknown): AppError {
    if (err instanceof AppError) return err;
    this.log.error({ err }, 'mutation failed; not applied');
    return new AppError('UNAVAILABLE', msg.unavailable);
  }
}
