import type { IncomingHttpHeaders } from 'node:http';
import {
  calls,
  type TABLE_FIRST_CALLS,
  type TableFirstAnswer,
  tableFirstReads,
} from '@comanda/shared-schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { addressLimit, route } from '../http/route.ts';
import { SESSION_COOKIE } from '../lib/session-cookie.ts';

type FirstCall = (typeof TABLE_FIRST_CALLS)[number];
/** A part of the answer, as the contract defines it. */
type Part = z.output<typeof TableFirstAnswer>;

/**
 * First visits per address a minute. A venue's diners share its Wi-Fi address, and a refused one
 * loses nothing: the page's first script then leaves every call to the app, which sends them one
 * by one as it would without it. What it bounds is the work one address can ask for in a breath
 * through this door (each visit is up to twelve calls inside).
 */
export const TABLE_FIRST_PER_ADDRESS = 60;

/** Headers of the visit's own request that are not passed on to its parts: each part has its own body. */
const NOT_PASSED_ON = new Set([
  'content-length',
  'content-type',
  'transfer-encoding',
  'accept-encoding',
  'cookie',
]);

/** `cookies` with the session cookie replaced by the one a login set (`name=value`). */
function withSession(cookies: string | undefined, session: string): string {
  const others = (cookies ?? '')
    .split(';')
    .map((c) => c.trim())
    .filter((c) => c && !c.startsWith(`${SESSION_COOKIE}=`));
  return [...others, session].join('; ');
}

/** An answer's Set-Cookie headers, as a list. */
function setCookies(header: string | string[] | undefined): string[] {
  return Array.isArray(header) ? header : header ? [header] : [];
}

/** The session cookie (`name=value`) among a login's Set-Cookie headers, if it set one. */
function sessionSet(setCookie: string[]): string | null {
  const found = setCookie.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return found ? (found.split(';')[0] ?? null) : null;
}

/**
 * `userTableFirst`: a table's first visit in one request (shared-schema `userTableFirst`). Each
 * part is its own call, run through the whole server as if the phone had sent it (`inject`: the
 * same hooks, session, access check, limits and answer), from the same address with the same
 * headers; so every part answers what that call would, and counts against its own limits. The
 * guard's rule decides the guest (pwa `app/guards.ts`): any answer of the session check but a
 * valid session or an owner's makes one. At most twelve parts: a request never fans out further.
 */
export async function tableFirstRoute(app: FastifyInstance): Promise<void> {
  route(
    app,
    calls.userTableFirst,
    async ({ body, req, reply }) => {
      const ask = async (call: FirstCall, payload: object, cookie: string | undefined) => {
        const answer = await app.inject({
          method: 'POST',
          url: calls[call].path,
          headers: partHeaders(req, cookie),
          payload: JSON.stringify(payload),
          remoteAddress: req.socket.remoteAddress,
        });
        return {
          answer,
          part: { call, status: answer.statusCode, body: parsed(answer.body) } satisfies Part,
        };
      };
      const reads = tableFirstReads(body.ownerId, body.tableId, body.menu);
      const cookie = req.headers.cookie;
      const first = await Promise.all([
        ask('userAuthenticate', {}, cookie),
        ...reads.map((r) => ask(r.call, r.body, cookie)),
      ]);
      const answers: Part[] = first.map((f) => f.part);
      // Every cookie a part set reaches the phone, in the order they were set (a slid session,
      // then a guest's new one), as if it had sent the calls itself.
      const cookies: string[] = first.flatMap((f) => setCookies(f.answer.headers['set-cookie']));
      const check = first[0]?.part;
      const checked =
        check?.status === 200 ? (check.body as { valid?: unknown; ownerSession?: unknown }) : null;
      // An owner's cookie is never replaced here: the page's guard switches it (spec 1) itself.
      if (checked?.valid !== true && checked?.ownerSession !== true) {
        const login = await ask('userLogin', { isAnonymus: true }, cookie);
        answers.push(login.part);
        const setCookie = setCookies(login.answer.headers['set-cookie']);
        cookies.push(...setCookie);
        const session = sessionSet(setCookie);
        if (login.part.status === 200 && session) {
          const again = await Promise.all(
            reads.map((r) => ask(r.call, r.body, withSession(cookie, session))),
          );
          answers.push(...again.map((a) => a.part));
          cookies.push(...again.flatMap((a) => setCookies(a.answer.headers['set-cookie'])));
        }
      }
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return { success: true as const, answers };
    },
    addressLimit(calls.userTableFirst.path, TABLE_FIRST_PER_ADDRESS, 60_000),
  );
}

function partHeaders(req: FastifyRequest, cookie: string | undefined): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!NOT_PASSED_ON.has(name)) headers[name] = value;
  }
  headers['content-type'] = 'application/json';
  // The parts go out inside this answer, compressed with it: not each on its own.
  headers['accept-encoding'] = 'identity';
  if (cookie) headers.cookie = cookie;
  return headers;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
