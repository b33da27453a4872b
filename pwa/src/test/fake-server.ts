import { AppError, type Change, type EntityRow, SYNC_HEADERS } from '@comanda/shared-schema';

/** What a test handler answers: the rows it changed (one version per mutation, as the server). */
export type FakeEffect = { entity: string; entityId: string; op: 'put' | 'delete'; data?: unknown };
export type FakeHandler = (body: Record<string, unknown>) => FakeEffect[];

interface StoredAnswer {
  status: number;
  body: unknown;
  version: number | null;
}

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: Record<string, unknown> | null;
  /**
   * The mutations this request asked the server to run, as far as it looked at them: the one of
   * a single request; those of a push up to where it stopped (all of a push refused as a whole).
   */
  mutations: Array<{ mutationId: number; path: string }>;
}

/** A mutation's stored or fresh answer, or what stopped it (gap, transient): as a push result. */
interface Judgement extends StoredAnswer {
  replayed: boolean;
  /** The sync core stored it (applied or refused); false for a gap or a transient failure. */
  judged: boolean;
}

/**
 * A stand-in for the sync server behind `fetch`, following the protocol of the brief: per client
 * `last_mutation_id` and stored answers, 409 MUTATION_GAP, refusals that advance the counter,
 * transient failures that do not, a change log with `reset` when a cursor is too old.
 */
export class FakeServer {
  version = 0;
  /** The database's generation (a restore gives it a new one). */
  generation = 'g1';
  log: Change[] = [];
  rows = new Map<string, EntityRow>();
  /** Log entries kept; an older cursor gets `reset`. */
  keep = Number.POSITIVE_INFINITY;
  readonly clients = new Map<string, { last: number; answers: Map<number, StoredAnswer> }>();
  readonly requests: SeenRequest[] = [];
  /** Statuses to answer to the next mutation requests without running them (503, network...). */
  readonly failNext: Array<number | 'network'> = [];
  /** Force a gap answer for the next mutation. */
  forceGap: number | null = null;
  /** One-shot transient failures of single mutations by id (e.g. 503 in the middle of a push). */
  readonly failMutation = new Map<number, number>();

  /**
   * `handlers` by call path; `calls` maps the names a push carries (the client's call keys) to
   * their paths.
   */
  constructor(
    private readonly handlers: Record<string, FakeHandler>,
    private readonly calls: Readonly<Record<string, { path: string }>> = {},
  ) {}

  /** Apply a change as if another device made it (no client involved). */
  external(effects: FakeEffect[]): number {
    return this.commit(effects);
  }

  private commit(effects: FakeEffect[]): number {
    this.version++;
    for (const e of effects) {
      this.log.push({
        version: this.version,
        entity: e.entity,
        entityId: e.entityId,
        op: e.op,
        data: e.data,
      });
      const key = `${e.entity}/${e.entityId}`;
      if (e.op === 'put') this.rows.set(key, { entity: e.entity, entityId: e.entityId, data: e.data });
      else this.rows.delete(key);
    }
    while (this.log.length > this.keep) this.log.shift();
    return this.version;
  }

  /** How many mutations each push carried, in order. */
  pushSizes(): number[] {
    return this.requests
      .filter((r) => r.path === '/api/sync/push')
      .map((r) => (Array.isArray(r.body?.mutations) ? r.body.mutations.length : 0));
  }

  /** Ids of the mutations the server was asked to run (see `SeenRequest.mutations`), in order. */
  mutationIds(path?: string): number[] {
    return this.requests.flatMap((r) =>
      r.mutations.filter((m) => !path || m.path === path).map((m) => m.mutationId),
    );
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://comanda.test');
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => {
      headers[k] = v;
    });
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    const seen: SeenRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers,
      body,
      mutations: [],
    };
    this.requests.push(seen);
    // Let other work interleave, as a real network would.
    await new Promise((r) => setTimeout(r, 0));
    if (url.pathname === '/api/sync/changes') return this.changes(url.searchParams);
    if (url.pathname === '/api/sync/snapshot') {
      return json(200, {
        success: true,
        version: this.version,
        generation: this.generation,
        rows: [...this.rows.values()],
      });
    }
    if (url.pathname === '/api/sync/push') return this.push(seen, (body?.mutations ?? []) as Pushed[]);
    const handler = this.handlers[url.pathname];
    if (!handler) return json(404, { success: false, code: 'NOT_FOUND', error: 'Not found' });
    const id = Number(headers[SYNC_HEADERS.mutationId]);
    if (id) seen.mutations.push({ mutationId: id, path: url.pathname });
    return this.mutation(handler, headers, body ?? {});
  };

  /** `POST /api/sync/push`: each mutation judged as its endpoint would, stopping at a gap or failure. */
  private push(seen: SeenRequest, pushed: Pushed[]): Response {
    const pathOf = (name: string) => this.calls[name]?.path ?? `(unknown ${name})`;
    const failure = this.failNext.shift();
    if (failure !== undefined) {
      for (const m of pushed) seen.mutations.push({ mutationId: m.mutationId, path: pathOf(m.name) });
      return this.failed(failure);
    }
    const clientId = seen.headers[SYNC_HEADERS.clientId];
    if (!clientId) return json(400, { success: false, code: 'VALIDATION', error: 'x-client-id' });
    const results: unknown[] = [];
    for (const m of pushed) {
      const path = pathOf(m.name);
      seen.mutations.push({ mutationId: m.mutationId, path });
      const handler = this.handlers[path] ?? notFound;
      const j = this.judge(handler, clientId, m.mutationId, (m.body ?? {}) as Record<string, unknown>);
      results.push({
        mutationId: m.mutationId,
        status: j.status,
        body: j.body,
        version: j.version,
        replayed: j.replayed,
      });
      if (!j.judged) break;
    }
    return json(200, { success: true, results });
  }

  private failed(failure: number | 'network'): Response {
    if (failure === 'network') throw new TypeError('Failed to fetch');
    if (failure === 401) return json(401, { success: false, code: 'UNAUTHORIZED', error: 'Accedi di nuovo' });
    return json(failure, { success: false, code: 'UNAVAILABLE', error: 'busy' });
  }

  private changes(q: URLSearchParams): Response {
    const since = Number(q.get('since') ?? 0);
    const limit = Number(q.get('limit') ?? 500);
    const oldest = this.log[0]?.version ?? this.version + 1;
    if (since < oldest - 1 && since < this.version) {
      return json(200, { success: true, reset: true, version: this.version, generation: this.generation });
    }
    const after = this.log.filter((c) => c.version > since);
    // Never split one version across pages.
    let page = after.slice(0, limit);
    const next = after[limit];
    if (next && page.at(-1)?.version === next.version) page = page.filter((c) => c.version !== next.version);
    return json(200, {
      success: true,
      reset: false,
      changes: page,
      version: this.version,
      generation: this.generation,
      hasMore: page.length < after.length,
    });
  }

  private mutation(
    handler: FakeHandler,
    headers: Record<string, string>,
    body: Record<string, unknown>,
  ): Response {
    const failure = this.failNext.shift();
    if (failure !== undefined) return this.failed(failure);
    const clientId = headers[SYNC_HEADERS.clientId];
    const id = Number(headers[SYNC_HEADERS.mutationId]);
    if (!clientId || !id) return this.run(handler, body).response;
    const j = this.judge(handler, clientId, id, body);
    const res = json(j.status, j.body, j.version);
    if (j.replayed) res.headers.set(SYNC_HEADERS.replayed, '1');
    // Like the real sync core: every answer it stored says so.
    if (j.judged) res.headers.set(SYNC_HEADERS.judged, '1');
    return res;
  }

  /** The sync core's rule for one (client, mutation id). */
  private judge(
    handler: FakeHandler,
    clientId: string,
    id: number,
    body: Record<string, unknown>,
  ): Judgement {
    const client = this.clients.get(clientId) ?? { last: 0, answers: new Map() };
    this.clients.set(clientId, client);
    if (this.forceGap !== null) {
      const expected = this.forceGap;
      this.forceGap = null;
      client.last = expected - 1;
      return gap(expected);
    }
    if (id <= client.last) {
      const stored = client.answers.get(id);
      return {
        status: stored?.status ?? 200,
        body: stored?.body ?? { success: true },
        version: stored?.version ?? null,
        replayed: true,
        judged: true,
      };
    }
    if (id > client.last + 1) return gap(client.last + 1);
    const failure = this.failMutation.get(id);
    if (failure !== undefined) {
      this.failMutation.delete(id);
      return { status: failure, body: unavailable, version: null, replayed: false, judged: false };
    }
    const { stored } = this.run(handler, body);
    client.last = id;
    client.answers.set(id, stored);
    return { ...stored, replayed: false, judged: true };
  }

  private run(
    handler: FakeHandler,
    body: Record<string, unknown>,
  ): { response: Response; stored: StoredAnswer } {
    try {
      const version = this.commit(handler(body));
      const stored = { status: 200, body: { success: true }, version };
      return { response: json(200, stored.body, version), stored };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const stored = { status: err.status, body: err.toEnvelope(), version: null };
      return { response: json(err.status, stored.body), stored };
    }
  }
}

type Pushed = { mutationId: number; name: string; body?: unknown };

const unavailable = { success: false, code: 'UNAVAILABLE', error: 'busy' };

/** What the server does with a name it has no handler for: a stored refusal. */
const notFound: FakeHandler = () => {
  throw new AppError('NOT_FOUND', 'Not found');
};

function gap(expected: number): Judgement {
  return {
    status: 409,
    body: { success: false, code: 'MUTATION_GAP', error: 'gap', expectedMutationId: expected },
    version: null,
    replayed: false,
    judged: false,
  };
}

function json(status: number, body: unknown, version: number | null = null): Response {
  const headers = new Headers({ 'content-type': 'application/json' });
  if (version !== null) headers.set(SYNC_HEADERS.version, String(version));
  return new Response(JSON.stringify(body), { status, headers });
}
