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
}

/**
 * A stand-in for the sync server behind `fetch`, following the protocol of the brief: per client
 * `last_mutation_id` and stored answers, 409 MUTATION_GAP, refusals that advance the counter,
 * transient failures that do not, a change log with `reset` when a cursor is too old.
 */
export class FakeServer {
  version = 0;
  log: Change[] = [];
  rows = new Map<string, EntityRow>();
  /** Log entries kept; an older cursor gets `reset`. */
  keep = Number.POSITIVE_INFINITY;
  readonly clients = new Map<string, { last: number; answers: Map<number, StoredAnswer> }>();
  readonly requests: SeenRequest[] = [];
  /** Statuses to answer to the next mutation requests without running them (503, network...). */
  readonly failNext: Array<number | 'network'> = [];
  /** Force a gap answer for the next mutation request. */
  forceGap: number | null = null;

  constructor(private readonly handlers: Record<string, FakeHandler>) {}

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

  mutationIds(path?: string): number[] {
    return this.requests
      .filter((r) => r.headers[SYNC_HEADERS.mutationId] && (!path || r.path === path))
      .map((r) => Number(r.headers[SYNC_HEADERS.mutationId]));
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://comanda.test');
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => {
      headers[k] = v;
    });
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    this.requests.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers,
      body,
    });
    // Let other work interleave, as a real network would.
    await new Promise((r) => setTimeout(r, 0));
    if (url.pathname === '/api/sync/changes') return this.changes(url.searchParams);
    if (url.pathname === '/api/sync/snapshot') {
      return json(200, { success: true, version: this.version, rows: [...this.rows.values()] });
    }
    const handler = this.handlers[url.pathname];
    if (!handler) return json(404, { success: false, code: 'NOT_FOUND', error: 'Not found' });
    return this.mutation(handler, headers, body ?? {});
  };

  private changes(q: URLSearchParams): Response {
    const since = Number(q.get('since') ?? 0);
    const limit = Number(q.get('limit') ?? 500);
    const oldest = this.log[0]?.version ?? this.version + 1;
    if (since < oldest - 1 && since < this.version) {
      return json(200, { success: true, reset: true, version: this.version });
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
      hasMore: page.length < after.length,
    });
  }

  private mutation(
    handler: FakeHandler,
    headers: Record<string, string>,
    body: Record<string, unknown>,
  ): Response {
    const failure = this.failNext.shift();
    if (failure === 'network') throw new TypeError('Failed to fetch');
    if (failure === 401) return json(401, { success: false, code: 'UNAUTHORIZED', error: 'Accedi di nuovo' });
    if (failure !== undefined) return json(failure, { success: false, code: 'UNAVAILABLE', error: 'busy' });
    const clientId = headers[SYNC_HEADERS.clientId];
    const id = Number(headers[SYNC_HEADERS.mutationId]);
    if (!clientId || !id) return this.run(handler, body).response;
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
      const res = json(stored?.status ?? 200, stored?.body ?? { success: true }, stored?.version ?? null);
      res.headers.set(SYNC_HEADERS.replayed, '1');
      res.headers.set(SYNC_HEADERS.judged, '1');
      return res;
    }
    if (id > client.last + 1) return gap(client.last + 1);
    const { response, stored } = this.run(handler, body);
    client.last = id;
    client.answers.set(id, stored);
    // Like the real sync core: every answer it stored says so.
    response.headers.set(SYNC_HEADERS.judged, '1');
    return response;
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

function gap(expected: number): Response {
  return json(409, { success: false, code: 'MUTATION_GAP', error: 'gap', expectedMutationId: expected });
}

function json(status: number, body: unknown, version: number | null = null): Response {
  const headers = new Headers({ 'content-type': 'application/json' });
  if (version !== null) headers.set(SYNC_HEADERS.version, String(version));
  return new Response(JSON.stringify(body), { status, headers });
}
