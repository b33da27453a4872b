// Hosted server instances for the benches (DESIGN.md "Hosted"): several order-live-server.ts
// children on one fresh PostgreSQL database and one SESSION_SECRET, as a deploy scales out
// behind a proxy; live events cross between them through LISTEN/NOTIFY (live/pg-bus.ts).

import { forkBench, stopChild } from './bench-child.ts';
import type { LiveInstance } from './order-live.ts';
import type { LiveVenuesReady } from './order-live-protocol.ts';

/** What the benches need of the test PostgreSQL (sync-server/test-support/pg/embedded.ts). */
export interface HostedDatabase {
  createDatabase(): Promise<string>;
  dropDatabase(url: string): Promise<void>;
  /** CPU time the PostgreSQL server's processes have used so far, in ms (postgres-cpu.ts). */
  cpuMs(): number;
}

/** Every instance signs and checks the same sessions (config.ts: required on PostgreSQL). */
const SESSION_SECRET = 'bench-hosted-session-secret';

/**
 * Instances of order-live-server.ts on a fresh database: the first seeds it (venues, guest
 * sessions) before the others start, as a deploy migrates and seeds before scaling out. `run` is
 * called once per entry of `counts` (ascending), with that many instances: the ones already
 * running, and more started for it. The children are stopped and the database dropped when the
 * last `run` ends, failed or not.
 */
export async function withInstances<T>(
  db: HostedDatabase,
  counts: number[],
  serverArgs: string[],
  run: (instances: LiveInstance[], ready: LiveVenuesReady) => Promise<T>,
): Promise<T[]> {
  const url = await db.createDatabase();
  const started: LiveInstance[] = [];
  const results: T[] = [];
  try {
    const env = { DATABASE_URL: url, SESSION_SECRET };
    const first = await forkBench<LiveVenuesReady>('order-live-server.ts', serverArgs, env);
    started.push({ port: first.ready.port, child: first.child });
    for (const count of counts) {
      while (started.length < count) {
        const other = await forkBench<LiveVenuesReady>(
          'order-live-server.ts',
          [...serverArgs, '--join'],
          env,
        );
        started.push({ port: other.ready.port, child: other.child });
      }
      results.push(await run(started.slice(0, count), first.ready));
    }
    return results;
  } finally {
    await Promise.all(started.map(({ child }) => stopChild(child)));
    await db.dropDatabase(url);
  }
}
