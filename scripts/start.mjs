#!/usr/bin/env node
// `npm start`: build the PWA when its sources are newer than the build, then run the server
// with embedded SQLite. A first start on an empty database creates the demo venue unless
// COMANDA_DEMO=0 is set. With a PostgreSQL DATABASE_URL (hosted) no demo venue is made unless
// COMANDA_DEMO=1 asks for one.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'pwa', 'dist', 'index.html');

function newest(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist') continue;
    max = Math.max(max, newest(join(path, name)));
  }
  return max;
}

const sources = ['pwa/src', 'pwa/index.html', 'pwa/vite.config.ts', 'pwa/public', 'shared-schema/src']
  .map((p) => join(root, p))
  .filter(existsSync);
const stale = !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
if (stale && process.env.COMANDA_SKIP_BUILD !== '1') {
  console.log('Comanda: building the app (first start or sources changed)...');
  execFileSync('npm', ['run', 'build', '-w', '@comanda/pwa'], { cwd: root, stdio: 'inherit' });
}

const env = { ...process.env };
const hosted = /^postgres(ql)?:\/\//i.test(env.DATABASE_URL?.trim() ?? '');
env.COMANDA_DEMO ??= hosted ? '0' : '1';
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'sync-server', 'src', 'main.ts')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
