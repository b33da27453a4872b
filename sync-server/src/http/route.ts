import { AppError, type CallDef, type ParsedBody, type Response } from '@comanda/shared-schema';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validationError } from '../lib/errors.ts';
import { msg } from '../lib/messages.ts';
import type { Session } from '../store/sessions.ts';
import { assertStorableText } from './storable-text.ts';

/** What every handler receives. */
export interface CallContext<C extends CallDef> {
  body: ParsedBody<C>;
  req: FastifyRequest;
  reply: FastifyReply;
  /** The caller's session, or null on a public call without one. */
  session: Session | null;
  /** The signed-in session (user, guest or owner); throws when there is none. */
  readonly user: Session;
  /** The owner's venue, always from the session (never from the body). Owner calls only. */
  readonly venueId: string;
}

export type Handler<C extends CallDef> = (ctx: CallContext<C>) => Promise<Response<C>> | Response<C>;

export interface RouteExtras {
  /** @fastify/rate-limit settings for this route. */
  rateLimit?: RateLimitOptions;
}

/** A route's own limit: `max` requests a `windowMs` per path and address. */
export const addressLimit = (path: string, max: number, windowMs: number): RouteExtras => ({
  rateLimit: { max, timeWindow: windowMs, keyGenerator: (req) => `${path}|${req.ip}` },
});

/** Access check: 401 without a session, 403 with the wrong role. */
export function checkAccess(def: CallDef, session: Session | null): void {
  if (def.access === 'public') return;
  if (!session) throw new AppError('UNAUTHORIZED', msg.unauthorized);
  if (def.access === 'owner' && (session.user.role !== 'owner' || !session.venueId)) {
    throw new AppError('FORBIDDEN', msg.forbidden);
  }
}

/** The body (POST) or query (GET) as its schema parses it, or VALIDATION. */
export function parseInput<C extends CallDef>(def: C, raw: unknown): ParsedBody<C> {
  assertStorableText(def, raw);
  // "No payload" calls arrive with no body at all.
  const parsed = def.body.safeParse(raw === undefined ? {} : raw);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data as ParsedBody<C>;
}

/**
 * The handler's context around the request's session (`app.sessions.fromRequest`, looked up once
 * per request, before any transaction); `venueId` only on owner calls.
 */
export function makeContext<C extends CallDef>(
  def: C,
  req: FastifyRequest,
  reply: FastifyReply,
  body: ParsedBody<C>,
  session: Session | null,
): CallContext<C> {
  return {
    body,
    req,
    reply,
    session,
    get user(): Session {
      if (!session) throw new AppError('UNAUTHORIZED', msg.unauthorized);
      return session;
    },
    get venueId(): string {
      if (def.access !== 'owner' || !session?.venueId) {
        throw new Error(`${def.path}: venueId is only available on owner calls`);
      }
      return session.venueId;
    },
  };
}

/** An answer must match its call's response schema (`responseCheck`: log, throw or off). */
export function checkResponse(
  app: FastifyInstance,
  def: CallDef,
  req: FastifyRequest,
  result: unknown,
): void {
  const mode = app.config.responseCheck;
  if (mode === 'off') return;
  const checked = def.response.safeParse(result);
  if (!checked.success) {
    req.log.error(
      { issues: checked.error.issues, path: def.path },
      'answer does not match its response schema',
    );
    if (mode === 'throw') throw new AppError('INTERNAL', msg.internal);
  }
}

/** Adds a call's route (its rate limit, compression for large answers) and lists it in `registeredCalls`. */
export function register(
  app: FastifyInstance,
  def: CallDef,
  extras: RouteExtras,
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
) {
  app.registeredCalls.push(def);
  app.route({
    method: def.method,
    url: def.path,
    config: extras.rateLimit ? { rateLimit: extras.rateLimit } : {},
    // Only answers that grow with the venue are compressed (contract.ts, `large`).
    ...(def.large ? {} : { compress: false as const }),
    handler,
  });
}

/**
 * Registers a shared-schema call: access, body (POST) or query (GET) validated by its schema,
 * the handler's answer sent as JSON. Mutations use `mutationRoute` (sync/mutation-route.ts),
 * which runs them through the sync core on the same helpers.
 */
export function route<C extends CallDef>(
  app: FastifyInstance,
  def: C,
  handler: NoInfer<Handler<C>>,
  extras: RouteExtras = {},
) {
  if (def.mutation) throw new Error(`${def.path} is a mutation: register it with mutationRoute`);
  register(app, def, extras, async (req, reply) => {
    const session = await app.sessions.fromRequest(req, reply);
    checkAccess(def, session);
    const body = parseInput(def, def.method === 'GET' ? req.query : req.body);
    const result = await handler(makeContext(def, req, reply, body, session));
    if (reply.sent) return reply;
    checkResponse(app, def, req, result);
    return result;
  });
}
