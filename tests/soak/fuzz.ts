// `npm run soak -- fuzz`: the bad-input fuzzer of sync-server/src/http/fuzz*.test.ts with many more
// cases per route and per live event (a few minutes). One JSON line per route with the cases tried,
// then the totals and the server errors (5xx answers and live handler failures), which must be 0.
// FUZZ_SEED=<n> replays a run (the seed is the first line); SOAK_FUZZ_RUNS / SOAK_FUZZ_LIVE_RUNS
// change the cases per route / per live event and role.
import type { FastifyBaseLogger } from 'fastify';
import { pollution, prototypeSnapshot } from '../../sync-server/test-support/fuzz/checks.ts';
import { HttpFuzzer } from '../../sync-server/test-support/fuzz/http-fuzz.ts';
import { LiveFuzzer } from '../../sync-server/test-support/fuzz/live-fuzz.ts';
import { createFuzzWorld } from '../../sync-server/test-support/fuzz/world.ts';

type Emit = (line: Record<string, unknown>) => void;

export interface FuzzSoakOptions {
  seed?: number;
  /** Cases per HTTP route. */
  runs?: number;
  /** Push batches. */
  pushRuns?: number;
  /** Frames per live event and role. */
  liveRuns?: number;
}

/** Counts the errors the app logs (a live handler that failed), leaving the logger as it was. */
function countErrors(log: FastifyBaseLogger): { count: () => number; restore: () => void } {
  const original = log.error;
  let n = 0;
  log.error = function (this: FastifyBaseLogger, ...args: unknown[]) {
    // Frames over the size limit, logged by @fastify/websocket's default handler: the client's.
    if (!JSON.stringify(args[0] ?? '').includes('WS_ERR_UNSUPPORTED_MESSAGE_LENGTH')) n++;
    return (original as (...a: unknown[]) => void).apply(this, args);
  } as FastifyBaseLogger['error'];
  return {
    count: () => n,
    restore: () => {
      log.error = original;
    },
  };
}

export async function soak(emit: Emit, options: FuzzSoakOptions = {}): Promise<void> {
  const seed = options.seed ?? Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const runs = options.runs ?? Number(process.env.SOAK_FUZZ_RUNS ?? 300);
  const pushRuns = options.pushRuns ?? runs * 3;
  const liveRuns = options.liveRuns ?? Number(process.env.SOAK_FUZZ_LIVE_RUNS ?? 300);
  emit({ soak: 'fuzz', figure: 'seed', value: seed });

  const world = await createFuzzWorld();
  const errors = countErrors(world.app.log);
  const protoBefore = prototypeSnapshot();
  const started = Date.now();
  try {
    const http = new HttpFuzzer(world, { seed, runs, pushRuns });
    const report = await http.run(world.app.registeredCalls);
    const live = new LiveFuzzer(world, { seed, runs: liveRuns });
    await live.start();
    const liveReport = await live.run();
    live.stop();

    let total = 0;
    for (const [route, value] of Object.entries(report.cases)) {
      total += value;
      emit({ soak: 'fuzz', figure: 'cases', route, value });
    }
    for (const [event, value] of Object.entries(liveReport.cases)) {
      total += value;
      emit({ soak: 'fuzz', figure: 'cases', route: `live:${event}`, value });
    }
    const failures = [...report.failures, ...liveReport.failures];
    const serverErrors = report.serverErrors + errors.count();
    const polluted = pollution(protoBefore);
    emit({ soak: 'fuzz', figure: 'cases_total', value: total });
    emit({ soak: 'fuzz', figure: 'server_errors', value: serverErrors });
    emit({ soak: 'fuzz', figure: 'failures', value: failures.length + polluted.length });
    emit({ soak: 'fuzz', figure: 'seconds', value: Math.round((Date.now() - started) / 1000) });
    for (const f of failures.slice(0, 20)) {
      emit({
        soak: 'fuzz',
        figure: 'failure',
        route: f.route,
        who: f.who,
        kind: f.kind,
        status: f.status,
        problem: f.problem,
        request: f.request,
      });
    }
    if (polluted.length > 0) emit({ soak: 'fuzz', figure: 'pollution', value: polluted });
    if (failures.length > 0 || serverErrors > 0 || polluted.length > 0) {
      throw new Error(`fuzz soak (seed ${seed}): ${failures.length} failures, ${serverErrors} server errors`);
    }
  } finally {
    errors.restore();
    await world.close();
  }
}
