import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A free loopback port: the OS picks it, we release it and hand it to the server. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      if (address === null || typeof address === 'string') return reject(new Error('no port'));
      srv.close(() => resolve(address.port));
    });
  });
}

/**
 * Settings for a server driven by a load or fault tool rather than by diners: its clients all
 * send from loopback, far faster than an evening, so the quotas on customers' orders and on
 * pending deliveries (which their own tests cover) would measure themselves instead.
 */
export const LOAD_TOOL_ENV: Record<string, string> = {
  ORDER_QUOTA_PER_SESSION: '1000000',
  ORDER_QUOTA_PER_TABLE: '1000000',
  ORDER_QUOTA_PER_ADDRESS: '1000000',
  DELIVERY_PENDING_PER_SENDER: '1000',
  DELIVERY_PENDING_PER_ADDRESS: '1000',
};

export interface RunningServer {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  mailDir: string;
  /** Milliseconds from spawn to the first healthy answer. */
  startupMs: number;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse a data folder (a restart on the same database). */
  dataDir?: string;
  /** Keep the data folder when stopping. */
  keepData?: boolean;
  port?: number;
}

/** Starts the real server (the same entry point as `npm start`) on a loopback port. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'comanda-test-'));
  const mailDir = join(dataDir, 'mail');
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'sync-server', 'src', 'main.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATABASE_URL: `file:${join(dataDir, 'comanda.db')}`,
        MAIL_DIR: mailDir,
        LOG_LEVEL: 'warn',
        COMANDA_DEMO: '0',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout?.on('data', (b: Buffer) => {
    out += b.toString();
  });
  child.stderr?.on('data', (b: Buffer) => {
    out += b.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  // A server that did not come up leaves nothing behind: its process ended, and the folder this
  // call made removed (one the caller gave is the caller's).
  const failed = async (message: string): Promise<never> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    if (!options.dataDir && !options.keepData) rmSync(dataDir, { recursive: true, force: true });
    throw new Error(message);
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) await failed(`server exited early (${child.exitCode}):\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) await failed(`server not healthy within 30 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  const startupMs = performance.now() - started;

  return {
    url,
    port,
    pid: child.pid ?? -1,
    dataDir,
    mailDir,
    startupMs,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
