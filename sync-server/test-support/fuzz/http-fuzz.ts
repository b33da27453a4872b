import { randomUUID } from 'node:crypto';
import { type CallDef, calls, mutationCallNames, SYNC_HEADERS } from '@comanda/shared-schema';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { validArbitrary } from './arbitraries.ts';
import { envelopeProblem } from './checks.ts';
import { DbWatch, lastMutationId } from './db-watch.ts';
import { BAD_HEADERS, type Case, caseArbitrary, DETOURS, nextAddress, shorten } from './http-cases.ts';
import {
  applyMutation,
  applyQueryMutation,
  type BadBody,
  mutationArbitrary,
  RawJson,
  sometimes,
  toJsonText,
  toQuery,
} from './mutations.ts';
import type { Who, World } from './world-shape.ts';

/**
 * The HTTP fuzzer: for every registered route, bodies (GET: query strings) generated from its
 * request schema, sent valid or mutated, signed in as the owner, as a customer or not at all;
 * and owner mutations in `POST /api/sync/push` batches. Every answer must be under 500; a refusal
 * must be the one envelope with an Italian text and leave the database as it was.
 */

export interface FuzzOptions {
  seed: number;
  /** Cases per route. */
  runs: number;
  /** Push batches (each of 1 to 5 mutations). */
  pushRuns: number;
  /** Only these paths (all when absent). */
  only?: string[];
}

export interface Failure {
  route: string;
  who: Who;
  kind: string;
  status: number;
  problem: string;
  request: string;
  seed: number;
}

export interface FuzzReport {
  /** Cases sent per route (push batches under '/api/sync/push#batch'). */
  cases: Record<string, number>;
  /** Answers per route by status class ('2xx', '4xx', '5xx'). */
  classes: Record<string, Record<string, number>>;
  failures: Failure[];
  serverErrors: number;
  /** Distinct error texts seen, for a reader's eye. */
  messages: Set<string>;
  /** Per route, why valid bodies were refused (error text -> count): how deep valid cases reach. */
  validRefusals: Record<string, Record<string, number>>;
}

/** A stable per-route seed, so one route's cases do not depend on which routes ran before. */
export function seedFor(base: number, route: string): number {
  let h = base | 0;
  for (const ch of route) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

export class HttpFuzzer {
  readonly report: FuzzReport = {
    cases: {},
    classes: {},
    failures: [],
    serverErrors: 0,
    messages: new Set(),
    validRefusals: {},
  };
  private readonly watch: DbWatch;
  /** One device per route and caller, for the client-id mode. */
  private readonly clients = new Map<string, string>();

  constructor(
    private readonly world: World,
    private readonly options: FuzzOptions,
  ) {
    this.watch = new DbWatch(world);
  }

  private clientFor(route: string, who: Who): string {
    const k = `${route}|${who}`;
    let id = this.clients.get(k);
    if (!id) {
      id = randomUUID();
      this.clients.set(k, id);
    }
    return id;
  }

  private count(route: string, status: number): void {
    this.report.cases[route] = (this.report.cases[route] ?? 0) + 1;
    const cls = `${Math.floor(status / 100)}xx`;
    const classes = this.report.classes[route] ?? {};
    this.report.classes[route] = classes;
    classes[cls] = (classes[cls] ?? 0) + 1;
    if (status >= 500) this.report.serverErrors++;
  }

  /**
   * Checks one answer. `extra` judges a 2xx (a push's results) and says whether it still changed
   * nothing by contract (every result a refusal).
   */
  private async judge(
    route: string,
    who: Who,
    kind: string,
    request: string,
    res: LightMyRequestResponse,
    hashBefore: Record<string, string>,
    extra: (problems: string[]) => boolean,
  ): Promise<void> {
    const problems: string[] = [];
    const status = res.statusCode;
    this.count(route, status);
    if (status >= 500) problems.push(`server error ${status}: ${res.body.slice(0, 200)}`);
    let refused = status >= 400;
    if (status >= 400) {
      const bad = envelopeProblem(res.body);
      if (bad) problems.push(bad);
      else {
        const text = (JSON.parse(res.body) as { error: string }).error;
        this.report.messages.add(text);
        if (kind.startsWith('valid')) {
          const reasons = this.report.validRefusals[route] ?? {};
          this.report.validRefusals[route] = reasons;
          reasons[text] = (reasons[text] ?? 0) + 1;
        }
      }
    } else {
      refused = extra(problems);
    }
    if (refused && status < 500) {
      const changed = await this.watch.changedSince(hashBefore);
      if (changed.length > 0)
        problems.push(`refused (${status}) but the database changed: ${changed.join(', ')}`);
    }
    for (const problem of problems) {
      this.report.failures.push({
        route,
        who,
        kind,
        status,
        problem,
        request,
        seed: seedFor(this.options.seed, route),
      });
    }
  }

  private async send(
    def: CallDef,
    c: Case,
    bad: BadBody | null,
    query: string | null,
  ): Promise<LightMyRequestResponse> {
    const { app } = this.world;
    const headers: Record<string, string> = {};
    const cookie = this.world.cookie(c.who);
    if (cookie) headers.cookie = cookie;
    if (def.mutation && def.method === 'POST') {
      if (c.sync === 'client' && c.who !== 'none') {
        const clientId = this.clientFor(def.path, c.who);
        headers[SYNC_HEADERS.clientId] = clientId;
        headers[SYNC_HEADERS.mutationId] = String((await lastMutationId(this.world, clientId)) + 1);
      } else if (c.sync === 'idempotent') headers[SYNC_HEADERS.idempotencyKey] = c.key;
    }
    if (c.badHeader !== null) {
      const [name, value] = BAD_HEADERS[c.badHeader] as [string, string];
      const clientId = headers[SYNC_HEADERS.clientId] ?? this.clientFor(def.path, c.who);
      const last = await lastMutationId(this.world, clientId);
      const relative: Record<string, string> = { $gap: String(last + 3), $replay: String(Math.max(1, last)) };
      if (name === SYNC_HEADERS.mutationId && !headers[SYNC_HEADERS.clientId])
        headers[SYNC_HEADERS.clientId] = clientId;
      headers[name] = relative[value] ?? value;
    }
    let method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' = def.method;
    let path = def.path;
    const detour = c.detour === null ? null : DETOURS[c.detour];
    if (detour === 'PUT' || detour === 'DELETE' || detour === 'PATCH') method = detour;
    else if (detour === 'swap') method = def.method === 'GET' ? 'POST' : 'GET';
    else if (detour === 'trailing-slash') path = `${path}/`;
    else if (detour === 'double-slash') path = path.replace('/api/', '/api//');
    else if (detour === 'encoded')
      path = path.replace(/\/([a-z])/, (_m, ch: string) => `/%${ch.charCodeAt(0).toString(16)}`);
    else if (detour === 'case') path = path.toUpperCase();
    if (method === 'GET') {
      const url = `${path}?${query ?? toQuery(c.body)}`;
      return app.inject({ method, url, headers, remoteAddress: nextAddress() });
    }
    const body = bad ?? { kind: 'valid', payload: toJsonText(c.body), contentType: 'application/json' };
    if (body.contentType !== null) headers['content-type'] = body.contentType;
    return app.inject({
      method,
      url: path,
      headers,
      ...(body.payload === null ? {} : { payload: body.payload }),
      remoteAddress: nextAddress(),
    });
  }

  /** Every case of one route. */
  async fuzzRoute(def: CallDef, runs = this.options.runs): Promise<void> {
    await this.world.refresh();
    const cases = fc.sample(caseArbitrary(def, this.world), {
      seed: seedFor(this.options.seed, def.path),
      numRuns: runs,
    });
    for (const c of cases) {
      let bad: BadBody | null = null;
      let query: string | null = null;
      let kind = 'valid';
      if (def.method === 'GET') {
        const q = c.mutation
          ? applyQueryMutation(c.body, c.mutation)
          : { kind: 'valid', query: toQuery(c.body) };
        query = q.query;
        kind = q.kind;
      } else if (c.mutation) {
        bad = applyMutation(c.body, c.mutation);
        kind = bad.kind;
      }
      // The mail sender updates rows of earlier mails in the background: done before the window.
      await this.world.app.mailer.flush();
      const hashBefore = await this.watch.current();
      const res = await this.send(def, c, bad, query);
      // A logout ends the session the next case would use.
      if (def.path.endsWith('/logout')) await this.world.remint();
      const request = def.method === 'GET' ? `?${query}` : shorten(bad ? bad.payload : toJsonText(c.body));
      const header =
        (c.badHeader === null ? '' : ` header ${BAD_HEADERS[c.badHeader]?.join('=').slice(0, 40)}`) +
        (c.detour === null ? '' : ` detour ${DETOURS[c.detour]}`);
      await this.judge(
        def.path,
        c.who,
        `${kind} (${c.sync})${header}`,
        request,
        res,
        hashBefore,
        () => false,
      );
    }
  }

  /** Owner mutations through `POST /api/sync/push`, valid and mutated, in batches of 1 to 5. */
  async fuzzPush(runs = this.options.pushRuns): Promise<void> {
    await this.world.refresh();
    const route = calls.push.path;
    const names = mutationCallNames as readonly string[];
    const entry = fc.record({
      named: fc
        .oneof(
          { weight: 12, arbitrary: fc.constantFrom(...names) },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              'nope',
              '__proto__',
              'constructor',
              'toString',
              'userOrder',
              'hasOwnProperty',
            ),
          },
        )
        .chain((name) =>
          fc.record({
            name: fc.constant(name),
            body: Object.hasOwn(calls, name)
              ? validArbitrary(
                  (calls as Record<string, CallDef>)[name]?.body as CallDef['body'],
                  this.world.genFor((calls as Record<string, CallDef>)[name]?.path ?? ''),
                )
              : fc.jsonValue({ maxDepth: 2 }),
          }),
        ),
      mutation: sometimes(mutationArbitrary, 70),
      shift: fc.constantFrom(0, 0, 0, 0, 0, 0, 0, -1, 1, 3),
    });
    const batch = fc.record({
      who: fc.oneof(
        { weight: 8, arbitrary: fc.constant<Who>('owner') },
        { weight: 1, arbitrary: fc.constantFrom<Who>('customer', 'none') },
      ),
      entries: fc.array(entry, { minLength: 1, maxLength: 5 }),
      outer: sometimes(mutationArbitrary, 12),
      badClient: fc.oneof(
        { weight: 15, arbitrary: fc.constant(false) },
        { weight: 1, arbitrary: fc.constant(true) },
      ),
    });
    const batches = fc.sample(batch, { seed: seedFor(this.options.seed, `${route}#batch`), numRuns: runs });
    let refreshEvery = 0;
    for (const b of batches) {
      if (++refreshEvery % 40 === 0) await this.world.refresh();
      const clientId = this.clientFor(`${route}#batch`, b.who);
      let next = (await lastMutationId(this.world, clientId)) + 1;
      const mutations = b.entries.map((e) => {
        const mutationId = Math.max(1, next + e.shift);
        next = mutationId + 1;
        let body: unknown = e.named.body;
        if (e.mutation) {
          const bad = applyMutation(body, e.mutation);
          const embeddable = typeof bad.payload === 'string' && !/^(whole-body|content-type)/.test(bad.kind);
          body = embeddable
            ? new RawJson(bad.payload as string)
            : bad.payload === null
              ? null
              : String(bad.payload);
        }
        return { mutationId, name: e.named.name, body };
      });
      const push = { mutations };
      const bad = b.outer
        ? applyMutation(
            JSON.parse(JSON.stringify({ mutations: mutations.map((m) => ({ ...m, body: null })) })),
            b.outer,
          )
        : null;
      const payload = bad
        ? bad
        : { kind: 'valid', payload: toJsonText(push), contentType: 'application/json' };
      const headers: Record<string, string> = {
        [SYNC_HEADERS.clientId]: b.badClient ? 'not-a-uuid' : clientId,
      };
      const cookie = this.world.cookie(b.who);
      if (cookie) headers.cookie = cookie;
      if (payload.contentType !== null) headers['content-type'] = payload.contentType;
      await this.world.app.mailer.flush();
      const hashBefore = await this.watch.current();
      const res = await this.world.app.inject({
        method: 'POST',
        url: route,
        headers,
        ...(payload.payload === null ? {} : { payload: payload.payload }),
        remoteAddress: nextAddress(),
      });
      const kind = `push ${b.entries.map((e) => `${e.named.name}${e.mutation ? `:${e.mutation.op}` : ''}`).join(',')}${bad ? ` outer:${bad.kind}` : ''}`;
      await this.judge(
        `${route}#batch`,
        b.who,
        kind,
        shorten(payload.payload),
        res,
        hashBefore,
        (problems) => {
          // A push answered 200: judge each result as its own endpoint's answer.
          const results =
            (res.json() as { results?: Array<{ status: number; body: unknown }> }).results ?? [];
          for (const r of results) {
            if (r.status >= 500)
              problems.push(`push result ${r.status}: ${JSON.stringify(r.body).slice(0, 200)}`);
            else if (r.status >= 400) {
              const bad = envelopeProblem(JSON.stringify(r.body));
              if (bad) problems.push(`push result: ${bad}`);
            }
          }
          return results.every((r) => r.status >= 400);
        },
      );
    }
  }

  /** Every registered route (or `only`), then the push batches. */
  async run(routes: readonly CallDef[]): Promise<FuzzReport> {
    for (const def of routes) {
      if (this.options.only && !this.options.only.includes(def.path)) continue;
      await this.fuzzRoute(def);
    }
    if (!this.options.only || this.options.only.includes(`${calls.push.path}#batch`)) await this.fuzzPush();
    return this.report;
  }
}
