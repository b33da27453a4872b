import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { LOAD_TOOL_ENV, type RunningServer, startServer } from '../support/server.ts';

/** The demo owner's password in the loop's server. */
export const KILL_PASSWORD = 'kill-loop-password';
/**
 * Rome 18:30 on a summer evening: the demo venue (18:00-02:00) is open and its delivery window
 * (19:00-23:30) has every slot ahead.
 */
const EVENING = Date.parse('2025-07-15T18:30:00+02:00');

/**
 * The real server process (`sync-server/src/main.ts`, the same entry point as `npm start`) on one
 * data folder and one port, killed and started again on them. The fake clock is given anew at
 * each start as the evening plus the real time elapsed, so the venue's time never runs backwards
 * across a restart (a restart with the same COMANDA_FAKE_NOW would jump back to 18:30).
 */
export class ServerLife {
  private started = 0;
  private constructor(
    private current: RunningServer,
    private readonly firstStart: number,
  ) {}

  static async start(): Promise<ServerLife> {
    const firstStart = Date.now();
    const server = await startServer({ keepData: true, env: ServerLife.env(firstStart) });
    const life = new ServerLife(server, firstStart);
    life.started = 1;
    return life;
  }

  private static env(firstStart: number): Record<string, string> {
    return {
      COMANDA_DEMO: '1',
      COMANDA_DEMO_PASSWORD: KILL_PASSWORD,
      COMANDA_FAKE_NOW: new Date(EVENING + (Date.now() - firstStart)).toISOString(),
      LOG_LEVEL: 'error',
      // Its 50 customers all send from loopback, far faster than an evening.
      ...LOAD_TOOL_ENV,
    };
  }

  get url(): string {
    return this.current.url;
  }

  get pid(): number {
    return this.current.pid;
  }

  get databasePath(): string {
    return join(this.current.dataDir, 'comanda.db');
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
      env: ServerLife.env(this.firstStart),
    });
    this.started++;
  }

  /** The last stop: SIGTERM, so the database is checkpointed and closed before it is read. */
  async stop(): Promise<void> {
    await this.current.stop('SIGTERM');
  }

  output(): string {
    return this.current.output();
  }

  /** Removes the data folder (after `stop`). */
  remove(): void {
    rmSync(this.current.dataDir, { recursive: true, force: true });
  }
}
