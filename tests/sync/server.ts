import type { EntityRow } from '@comanda/shared-schema';
import Database from 'better-sqlite3';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { diningTables } from '../../sync-server/src/db/schema.ts';
import { rowsOf } from '../../sync-server/test-support/raw-sql.ts';
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

/** One change-log row as the store holds it. */
export interface LogRow {
  version: number;
  entity: string;
  entityId: string;
  op: 'put' | 'delete';
  data: unknown;
}

/** The suite's customer phones send an order every few milliseconds: a load tool's settings. */
const LOAD_ENV = LOAD_TOOL_ENV;

/** A JSON column as read by raw SQL: text on SQLite, already parsed on PostgreSQL's json. */
const jsonOf = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/**
 * The real server (`buildApp` through the sync-server test helper) on a real SQLite file in a
 * temp folder, or on a PostgreSQL database of its own in the sync-pg project, listening on a
 * loopback port. `restart()` closes the app and builds a new one on the same database and port,
 * as a process restart would (sessions survive: the secret is on disk).
 */
export class ServerHandle {
  private env: Record<string, string> = LOAD_ENV;

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
    return this.owner.venueId;
  }

  /** `env`: settings for this and later starts, over the load tool's. */
  async restart(env: Record<string, string> = {}): Promise<void> {
    this.env = { ...this.env, ...env };
    await this.t.app.close();
    this.t = await createTestApp({ dir: this.t.dir, env: this.env });
    await this.t.app.listen({ port: this.port, host: '127.0.0.1' });
  }

  async close(): Promise<void> {
    await this.t.close();
  }

  /** `GET /api/sync/snapshot` as the server computes it (no network, no faults). */
  snapshot(): Promise<{ version: number; rows: EntityRow[] }> {
    return this.app.sync.snapshot(this.businessId);
  }

  private all<T>(query: SQL): Promise<T[]> {
    return rowsOf<T>(this.app, query);
  }

  async version(): Promise<number> {
    const [row] = await this.all<{ v: number }>(
      sql`SELECT version AS v FROM businesses WHERE id = ${this.businessId}`,
    );
    return Number(row?.v);
  }

  async lastMutationId(clientId: string): Promise<number> {
    const [row] = await this.all<{ n: number }>(
      sql`SELECT last_mutation_id AS n FROM client_mutations WHERE client_id = ${clientId}`,
    );
    return Number(row?.n ?? 0);
  }

  async answers(clientId: string): Promise<StoredAnswer[]> {
    const rows = await this.all<{
      mutationId: number;
      status: number;
      body: unknown;
      version: number | null;
    }>(
      sql`SELECT mutation_id AS "mutationId", status, body, version FROM mutation_answers
          WHERE client_id = ${clientId} ORDER BY mutation_id`,
    );
    return rows.map((a) => ({
      mutationId: Number(a.mutationId),
      status: Number(a.status),
      version: a.version === null ? null : Number(a.version),
      code: (jsonOf(a.body) as { code?: string } | null)?.code ?? null,
    }));
  }

  async changeLog(): Promise<LogRow[]> {
    const rows = await this.all<LogRow>(
      sql`SELECT version, entity, entity_id AS "entityId", op, data FROM changes
          WHERE business_id = ${this.businessId} ORDER BY seq`,
    );
    return rows.map((r) => ({
      ...r,
      version: Number(r.version),
      data: jsonOf(r.data),
    }));
  }

  /** Versions at or below this were pruned from the change log. */
  async logFloor(): Promise<number> {
    const [row] = await this.all<{ f: number }>(
      sql`SELECT change_log_floor AS f FROM businesses WHERE id = ${this.businessId}`,
    );
    return Number(row?.f);
  }

  /** The store this server stands on: SQLite's file, or a PostgreSQL database (the sync-pg project). */
  get dialect(): 'sqlite' | 'postgres' {
    return this.app.store.dialect;
  }

  get databasePath(): string {
    return this.t.config.databasePath;
  }

  /**
   * Another connection takes the venue's write lock (SQLite's database lock; PostgreSQL's venue
   * row lock) as a backup or a second process would, until `release`. The server must have been
   * started with a short wait for it (`busyTimeoutMs`): SQLite's busy_timeout is set here, the
   * PostgreSQL store's lock timeout is PG_LOCK_TIMEOUT_MS (`restart`).
   */
  async holdWriteLock(busyTimeoutMs: number): Promise<() => Promise<void>> {
    if (this.dialect === 'sqlite') {
      this.app.store.sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
      const other = new Database(this.databasePath);
      other.exec('BEGIN IMMEDIATE');
      return async () => {
        other.exec('ROLLBACK');
        other.close();
      };
    }
    const url = this.t.config.postgres?.url;
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query('BEGIN');
    await other.query('SELECT 1 FROM businesses WHERE id = $1 FOR UPDATE', [this.businessId]);
    return async () => {
      await other.query('ROLLBACK');
      await other.end();
    };
  }

  /** The ids of every line of the venue's table orders. */
  async tableOrderLineIds(): Promise<string[]> {
    const rows = await this.all<{ id: string }>(
      sql`SELECT l.id FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE o.business_id = ${this.businessId} AND o.kind = 'table'`,
    );
    return rows.map((r) => r.id);
  }

  async count(table: 'rooms' | 'tables'): Promise<number> {
    const [row] = await this.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE business_id = ${this.businessId}`,
    );
    return Number(row?.n);
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
        venueId: () => this.businessId,
        socketId: () => null,
        run: async (_body, _prepared, tools) => {
          await tools.db.update(diningTables).set({ x, y }).where(eq(diningTables.id, tableId));
          tools.change('table', tableId, 'put', { ...(row.data as object), x, y });
          return { success: true };
        },
      });
      if (outcome.status !== 200) throw new Error(`bulk move ${i}: ${outcome.status}`);
    }
    return firstMutationId + n;
  }
}
