import {
  AppError,
  type CallDef,
  calls,
  type EntityName,
  entitySchemas,
  type ParsedBody,
  type Response,
  type ServerEventData,
  type ServerEventName,
  SYNC_HEADERS,
} from '@comanda/shared-schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import {
  type CallContext,
  checkAccess,
  checkResponse,
  makeContext,
  parseInput,
  type RouteExtras,
  register,
} from '../http/route.ts';
import { msg } from '../lib/messages.ts';
import type { Mail } from '../mail/mail.ts';
import { queueMail } from '../mail/outbox.ts';
import type { EventOptions } from './events.ts';
import type { MutationExecutor, MutationOutcome, MutationTools } from './sync-core.ts';

/*
 * The mutation pipeline's HTTP end (DESIGN.md rules 2 and 3): a mutation is registered as a
 * route on http/route.ts's helpers (access, parsing, answer check) and runs through the sync
 * core, by its own endpoint and by every push that names it.
 */

/** A mutation handler runs inside the sync core's write transaction (`port.writeVenue`). */
export interface MutationContext<C extends CallDef> extends Omit<CallContext<C>, 'reply'> {
  db: Db;
  /** App clock, epoch ms. */
  now: number;
  /** The sender's live socket (body `socketId`, else header `x-socket-id`). */
  socketId: string | null;
  change: MutationTools['change'];
  publish<E extends ServerEventName>(event: E, data: ServerEventData<E>, options?: EventOptions): void;
  /** Work outside the database run once the transaction committed; see MutationTools. */
  afterCommit: MutationTools['afterCommit'];
  /** A write sent and not waited for, awaited with the commit; see MutationTools. */
  withCommit: MutationTools['withCommit'];
  /**
   * Puts a mail in the outbox inside this transaction (sent once it commits, never if the
   * mutation is refused or fails; a crash after the commit loses nothing).
   */
  queueMail(mail: Mail): Promise<void>;
}

/**
 * Reads and writes through `ctx.db`, records `ctx.change`, returns the answer; it may await the
 * store, never anything outside it (a remote call belongs in the prepare step, before the lock).
 */
export type MutationRun<C extends CallDef, P> = (
  ctx: MutationContext<C>,
  prepared: P,
) => Response<C> | Promise<Response<C>>;

/** Async work (hashing, a remote call) done before the transaction; may throw AppError. */
export type MutationPrepare<C extends CallDef, P> = (ctx: CallContext<C>) => Promise<P>;

export interface MutationOptions<C extends CallDef> extends RouteExtras {
  /**
   * Venue written by a non-owner mutation (e.g. a customer's order: from `ownerId`). Such a
   * mutation is not pushable: `POST /api/sync/push` carries owner mutations only.
   */
  venueOf?: (ctx: CallContext<C>) => string | null;
  /**
   * The name a push gives this mutation when its call is not in shared-schema's `calls` (test
   * routes); a call of `calls` is pushed by its key there.
   */
  pushName?: string;
}

/** Key in shared-schema's `calls` of each owner mutation, by path: the name a push gives it. */
const mutationNames = new Map(
  Object.entries(calls as Record<string, CallDef>)
    .filter(([, def]) => def.mutation === true)
    .map(([name, def]) => [def.path, name]),
);

/** A change's data must be its entity exactly as shared-schema's wire schema defines it. */
function checkEntity(app: FastifyInstance, req: FastifyRequest, entity: string, data: unknown): void {
  const mode = app.config.responseCheck;
  if (mode === 'off' || !Object.hasOwn(entitySchemas, entity)) return;
  const checked = entitySchemas[entity as EntityName].safeParse(data);
  if (!checked.success) {
    req.log.error({ issues: checked.error.issues, entity }, 'change data does not match its entity schema');
    if (mode === 'throw') throw new AppError('INTERNAL', msg.internal);
  }
}

/**
 * Registers a mutation: it runs through the sync core (client and mutation ids or
 * Idempotency-Key, one transaction with the change log, stored answers, events after commit).
 *
 *   mutationRoute(app, calls.roomsAdd, (ctx) => { ...; ctx.change('room', id, 'put', row); return {...} });
 *   mutationRoute(app, calls.x, async (ctx) => prepared, (ctx, prepared) => ({...}), options);
 */
export function mutationRoute<C extends CallDef>(
  app: FastifyInstance,
  def: C,
  run: NoInfer<MutationRun<C, undefined>>,
  options?: MutationOptions<NoInfer<C>>,
): void;
export function mutationRoute<C extends CallDef, P>(
  app: FastifyInstance,
  def: C,
  prepare: MutationPrepare<NoInfer<C>, P>,
  run: NoInfer<MutationRun<C, P>>,
  options?: MutationOptions<NoInfer<C>>,
): void;
export function mutationRoute<C extends CallDef, P>(
  app: FastifyInstance,
  def: C,
  first: MutationRun<C, P> | MutationPrepare<C, P>,
  second?: MutationRun<C, P> | MutationOptions<C>,
  third?: MutationOptions<C>,
): void {
  const hasPrepare = typeof second === 'function';
  const prepare = hasPrepare ? (first as MutationPrepare<C, P>) : undefined;
  const run = (hasPrepare ? second : first) as MutationRun<C, P>;
  const extras = (hasPrepare ? third : (second as MutationOptions<C> | undefined)) ?? {};
  const { venueOf } = extras;
  if (!def.mutation) throw new Error(`${def.path} is not declared as a mutation`);
  if (def.method !== 'POST') throw new Error(`${def.path}: mutations are POST`);
  if (def.access !== 'owner' && !venueOf) throw new Error(`${def.path}: non-owner mutations need venueOf`);

  // One function per mutation, run by its own endpoint and by every push that names it: the
  // same access check, parsing, business rules, sync core, change log and live events.
  const execute: MutationExecutor = async ({ req, reply, headers, rawBody }) => {
    const session = await app.sessions.fromRequest(req, reply);
    checkAccess(def, session);
    const ctxOf = (body: ParsedBody<C>) => makeContext(def, req, reply, body, session);
    const socketIdOf = (body: ParsedBody<C>): string | null => {
      const fromBody = (body as { socketId?: unknown } | null)?.socketId;
      if (typeof fromBody === 'string' && fromBody) return fromBody;
      const fromHeader = headers[SYNC_HEADERS.socketId];
      return typeof fromHeader === 'string' && fromHeader ? fromHeader : null;
    };
    return app.sync.execute({
      scope: def.path,
      userId: session?.user.id ?? null,
      requester: req.ip,
      headers,
      rawBody,
      parse: (raw) => parseInput(def, raw),
      prepare: async (body) => (prepare ? prepare(ctxOf(body)) : (undefined as P)),
      venueId: (body) => (venueOf ? venueOf(ctxOf(body)) : (session?.venueId ?? null)),
      socketId: socketIdOf,
      run: async (body, prepared, tools) => {
        const base = ctxOf(body);
        const ctx: MutationContext<C> = {
          body,
          req,
          session,
          get user() {
            return base.user;
          },
          get venueId() {
            return base.venueId;
          },
          db: tools.db,
          now: tools.now,
          socketId: socketIdOf(body),
          change: (entity, entityId, op, data) => {
            if (op === 'put') checkEntity(app, req, entity, data);
            tools.change(entity, entityId, op, data);
          },
          publish: tools.publish,
          afterCommit: tools.afterCommit,
          withCommit: tools.withCommit,
          queueMail: async (mail) => {
            await queueMail(tools.db, mail, tools.now);
            tools.afterCommit(() => app.mailer.wake());
          },
        };
        const result = await run(ctx, prepared);
        checkResponse(app, def, req, result);
        return result;
      },
    });
  };

  register(app, def, extras, async (req, reply) => {
    const outcome = await execute({ req, reply, headers: req.headers, rawBody: req.body });
    return sendOutcome(reply, outcome);
  });
  const pushName = extras.pushName ?? mutationNames.get(def.path);
  if (!venueOf && pushName) app.sync.registerPushable(pushName, execute);
}

/** A judged mutation's answer: its status and body, with the sync headers. */
function sendOutcome(reply: FastifyReply, outcome: MutationOutcome): FastifyReply {
  if (outcome.version !== null) reply.header(SYNC_HEADERS.version, String(outcome.version));
  if (outcome.replayed) reply.header(SYNC_HEADERS.replayed, '1');
  reply.header(SYNC_HEADERS.judged, '1');
  return reply.code(outcome.status).send(outcome.body);
}
