import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
let child: ChildProcess | undefined;
let dir: string | undefined;

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
  child = undefined;
  dir = undefined;
});

describe('npm start (main.ts)', () => {
  // A ceiling for a busy machine (a cold tsx start of the whole server), not a wait.
  it('prints the demo login and a table link, serves, and stops cleanly on SIGTERM', {
    timeout: 120_000,
  }, async () => {
    dir = mkdtempSync(join(tmpdir(), 'comanda-main-'));
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: packageDir,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: `file:${join(dir, 'db.sqlite')}`,
        MAIL_DIR: join(dir, 'mail'),
        COMANDA_DEMO: '1',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (d) => {
      out += String(d);
    });
    child.stderr?.on('data', (d) => {
      out += String(d);
    });
    const deadline = Date.now() + 90_000;
    while (!out.includes('customer link') && Date.now() < deadline && child.exitCode === null) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(out).toContain("Demo venue 'Trattoria Demo'");
    expect(out).toContain('owner login:   demo@comanda.test');
    expect(out).toMatch(/password: +[\w-]{12} +\(random, shown only now\)/);
    const link = out.match(/customer link: (http:\/\/localhost:(\d+)\/user\/reservation\/[\w-]+\/[\w-]+)/);
    expect(link).not.toBeNull();
    const port = link?.[2];
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toMatchObject({ success: true, status: 'ok' });

    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
  });
});
