import type { EntityRow } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import {
  createOwner,
  createTestApp,
  type Owner,
  type TestApp,
} from '../../sync-server/test-support/test-app.ts';
import { LOAD_TOOL_ENV } from '../support/server.ts';

/** One stored answer of the sync core (`mutation_answers`). */
export interface StoredAnswer {
  mutationId: number;
  status: number;
  code: string | null;
  version: number | null;
}

/** One change-log row as SQLite holds it. */
export interface LogRow {
  version: number;
  entity: string;
  entityId: string;
  op: 'put' | 'delete';
  data: unknown;
}

/**
 * The real server (`buildApp` through the sync-server test helper) on a real SQLite file in a
 * temp folder, listening on a loopback port. `restart()` closes the app and builds a new one on
 * the same file and port, as a process restart would (sessions survive: the secret is on disk).
 */
/** The suite's customer phones send an order every few milliseconds: a load tool's settings. */
const LOAD_ENV = LOAD_TOOL_ENV;

export class ServerHandle {
  private constructor(
    private t: TestApp,
    readonly port: number,
    readonly owner: Owner,
  ) {}

  static async start(): Promise<ServerHandle> {
    const t = await createTestApp({ env: LOAD_ENV });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const owner = await createOwner(t);
    return new ServerHandle(t, address.port, owner);
  }

  get app(): FastifyInstance {
    return this.t.app;
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get businessId(): string {
    return this.owner.businessId;
  }

  async restart(): Promise<void> {
    await this.t.app.close();
    this.t = await createTestApp({ dir: this.t.dir, env: LOAD_ENV });
    await this.t.app.listen({ port: this.port, host: '127.0.0.1' });
  }

  async close(): Promise<void> {
    await this.t.close();
  }

  /** `GET /api/sync/snapshot` as the server computes it (no network, no faults). */
  snapshot(): Promise<{ version: number; rows: EntityRow[] }> {
    return this.app.sync.snapshot(this.businessId);
  }

  private all<T>(sql: string, ...params: unknown[]): T[] {
    return this.app.store.sqlite.prepare(sql).all(...params) as T[];
  }

  version(): number {
    return this.all<{ v: number }>('SELECT version AS v FROM businesses WHERE id = ?', this.businessId)[0]!.v;
  }

  lastMutationId(clientId: string): number {
    return (
      this.all<{ n: number }>(
        'SELECT last_mutation_id AS n FROM client_mutations WHERE client_id = ?',
        clientId,
      )[0]?.n ?? 0
    );
  }

  answers(clientId: string): StoredAnswer[] {
    return this.all<{ mutationId: number; status: number; body: string; version: number | null }>(
      `SELECT mutation_id AS mutationId, status, body, version FROM mutation_answers
       WHERE client_id = ? ORDER BY mutation_id`,
      clientId,
    ).map((a) => ({
      mutationId: a.mutationId,
      status: a.status,
      version: a.version,
      code: (JSON.parse(a.body) as { code?: string }).code ?? null,
    }));
  }

  changeLog(): LogRow[] {
    return this.all<Omit<LogRow, 'data'> & { data: string | null }>(
      `SELECT version, entity, entity_id AS entityId, op, data FROM changes WHERE business_id = ? ORDER BY seq`,
      this.businessId,
    ).map((r) => ({ ...r, data: r.data === null ? null : JSON.parse(r.data) }));
  }

  /** Versions at or below this were pruned from the change log. */
  logFloor(): number {
    return this.all<{ f: number }>(
      'SELECT change_log_floor AS f FROM businesses WHERE id = ?',
      this.businessId,
    )[0]!.f;
  }

  get databasePath(): string {
    return this.t.config.databasePath;
  }

  count(table: 'rooms' | 'tables'): number {
    return this.all<{ n: number }>(
      `SELECT count(*) AS n FROM "${table}" WHERE business_id = ?`,
      this.businessId,
    )[0]!.n;
  }

  /**
   * An owner mutation sent straight to the app (no device, no faults): to produce the changes a
   * device under test misses. Answers the stored status.
   */
  async inject(path: string, body: unknown, clientId: string, mutationId: number): Promise<number> {
    const res = await this.app.inject({
      method: 'POST',
      url: path,
      headers: { cookie: this.owner.cookie, 'x-client-id': clientId, 'x-mutation-id': String(mutationId) },
      payload: body as object,
    });
    return res.statusCode;
  }

  /**
   * Moves one table `n` times through the sync core itself (`app.sync.execute`: the same
   * transaction, counter, stored answer, change log and pruning as a route, without HTTP), to
   * build a history longer than the kept log in a few seconds. Each change carries the table as
   * the snapshot shows it, at its new coordinates.
   */
  async bulkMoves(tableId: string, n: number, clientId: string, firstMutationId: number): Promise<number> {
    const row = (await this.snapshot()).rows.find((r) => r.entity === 'table' && r.entityId === tableId);
    if (!row) throw new Error(`no table ${tableId}`);
    const move = this.app.store.sqlite.prepare('UPDATE tables SET x = ?, y = ? WHERE id = ?');
    for (let i = 0; i < n; i++) {
      const x = (i * 7) % 1950;
      const y = (i * 13) % 1950;
      const outcome = await this.app.sync.execute({
        scope: '/api/tables/owner/setCoords',
        userId: this.owner.userId,
        requester: '127.0.0.1',
        headers: { 'x-client-id': clientId, 'x-mutation-id': String(firstMutationId + i) },
        rawBody: { tableId, x, y },
        parse: (raw) => raw,
        prepare: async () => undefined,
        businessId: () => this.businessId,
        socketId: () => null,
        run: (_body, _prepared, tools) => {
          move.run(x, y, tableId);
          tools.change('table', tableId, 'put', { ...(row.data as object), x, y });
          return { success: true };
        },
      });
      if (outcome.status !== 200) throw new Error(`bulk move ${i}: ${outcome.status}`);
    }
    return firstMutationId + n;
  }
}
