// A server child process of a bench: forked with tsx, it says `ready` over IPC, answers `cpu`
// (its process CPU time so far) and exits on `stop`. `COMANDA_BENCH_CPU_PROF=<dir>` profiles
// every child (node --cpu-prof), one .cpuprofile each.

import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../support/server.ts';

export interface BenchChild<R> {
  child: ChildProcess;
  ready: R;
}

/** How long a child may take to close its app before it is killed. */
const STOP_GRACE_MS = 15_000;

/** Forks `tests/bench/<script>`; `env` is added to this process's environment. */
export function forkBench<R>(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<BenchChild<R>> {
  const profDir = process.env.COMANDA_BENCH_CPU_PROF;
  const child = fork(join(repoRoot, 'tests', 'bench', script), args, {
    execArgv: ['--import', 'tsx', ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench child ${script} exited: ${code}`)));
    child.once('message', (m: R) => resolve({ child, ready: m }));
  });
}

/** Asks the child to stop and waits for it; one that does not exit in time is killed. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    if (child.connected) child.send({ type: 'stop' });
    else child.kill('SIGTERM');
  });
}

/** CPU time the child has used so far, in ms. */
export function childCpuMs(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (m: { type: string; micros?: number }) => {
      if (m.type !== 'cpu') return;
      child.off('message', onMessage);
      resolve((m.micros ?? 0) / 1000);
    };
    child.on('message', onMessage);
    child.send({ type: 'cpu' });
  });
}
