import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOAD_TOOL_ENV, type RunningServer, startServer } from '../support/server.ts';
import type { StoreLocation } from './kill-store.ts';

/** The demo owner's password in the loop's server. */
export const KILL_PASSWORD = 'kill-loop-password';
/**
 * Rome 18:30 on a summer evening: the demo venue (18:00-02:00) is open and its delivery window
 * (19:00-23:30) has every slot ahead.
 */
const EVENING = Date.parse('2025-07-15T18:30:00+02:00');

/**
 * Hosted instances sign sessions with one secret (DESIGN.md "Where it runs", Hosted): a session
 * made on one instance is honoured by every other.
 */
const HOSTED_SESSION_SECRET = 'kill-loop-session-secret-of-the-hosted-instances';

export interface LifeOptions {
  /**
   * A migrated PostgreSQL database (`postgres://...`): the server runs hosted on it instead of on
   * a SQLite file in its data folder. Hosted instances never migrate (the database is ready).
   */
  databaseUrl?: string;
  /**
   * When the run's evening began (Date.now() then): instances of one run given the same start
   * keep one venue clock between them.
   */
  firstStart?: number;
  /** More settings for this server (e.g. the multi-instance suite's). */
  env?: Record<string, string>;
}

/**
 * The real server process (`sync-server/src/main.ts`, the same entry point as `npm start`) on one
 * data folder and one port, killed and started again on them. The fake clock is given anew at
 * each start as the evening plus the real time elapsed, so the venue's time never runs backwards
 * across a restart (a restart with the same COMANDA_FAKE_NOW would jump back to 18:30).
 * On PostgreSQL (`databaseUrl`), several lives may share one database, as hosted instances do.
 */
export class ServerLife {
  private started = 0;
  private constructor(
    private current: RunningServer,
    private readonly firstStart: number,
    private readonly options: LifeOptions,
  ) {}

  static async start(options: LifeOptions = {}): Promise<ServerLife> {
    const firstStart = options.firstStart ?? Date.now();
    // The folder made here, so a server that fails to start leaves none behind.
    const dataDir = mkdtempSync(join(tmpdir(), 'comanda-test-'));
    const server = await startServer({
      keepData: true,
      dataDir,
      env: ServerLife.env(firstStart, options),
    }).catch((err: unknown) => {
      rmSync(dataDir, { recursive: true, force: true });
      throw err;
    });
    const life = new ServerLife(server, firstStart, options);
    life.started = 1;
    return life;
  }

  private static env(firstStart: number, options: LifeOptions): Record<string, string> {
    return {
      COMANDA_DEMO: '1',
      COMANDA_DEMO_PASSWORD: KILL_PASSWORD,
      COMANDA_FAKE_NOW: new Date(EVENING + (Date.now() - firstStart)).toISOString(),
      LOG_LEVEL: 'error',
      // Its 50 customers all send from loopback, far faster than an evening.
      ...LOAD_TOOL_ENV,
      ...(options.databaseUrl
        ? { DATABASE_URL: options.databaseUrl, SESSION_SECRET: HOSTED_SESSION_SECRET }
        : {}),
      ...options.env,
    };
  }

  get url(): string {
    return this.current.url;
  }

  get pid(): number {
    return this.current.pid;
  }

  /** Where the data is: the SQLite file in the data folder, or the PostgreSQL database. */
  get store(): StoreLocation {
    return this.options.databaseUrl
      ? { dialect: 'postgres', url: this.options.databaseUrl }
      : { dialect: 'sqlite', path: join(this.current.dataDir, 'comanda.db') };
  }

  /** Starts so far (the first included). */
  get starts(): number {
    return this.started;
  }

  /** SIGKILL: no shutdown hook runs, whatever is in flight is cut. */
  async kill(): Promise<void> {
    await this.current.stop('SIGKILL');
  }

  /** A new process on the same database and port. */
  async restart(): Promise<void> {
    this.current = await startServer({
      keepData: true,
      dataDir: this.current.dataDir,
      port: this.current.port,
      env: ServerLife.env(this.firstStart, this.options),
    });
    this.started++;
  }

  /**
   * The last stop: SIGTERM, so the database is checkpointed and closed before it is read (on
   * PostgreSQL: the pool's connections closed before the checks read it).
   */
  async stop(): Promise<void> {
    await this.current.stop('SIGTERM');
  }

  output(): string {
    return this.current.output();
  }

  /** Removes the data folder (after `stop`); a PostgreSQL database is its owner's to drop. */
  remove(): void {
    rmSync(this.current.dataDir, { recursive: true, force: true });
  }
}
