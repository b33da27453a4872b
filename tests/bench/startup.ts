import { startServer } from '../support/server.ts';
import { report, round } from './report.ts';

/** Server start (process spawn, migrations on an empty database) to the first healthy answer. */
export async function benchStartup(runs = 5): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const server = await startServer();
    times.push(server.startupMs);
    await server.stop();
  }
  times.sort((a, b) => a - b);
  report({
    bench: 'startup',
    metric: 'start_to_healthy_median',
    value: round(times[Math.floor(runs / 2)] ?? 0),
    unit: 'ms',
  });
  report({ bench: 'startup', metric: 'start_to_healthy_min', value: round(times[0] ?? 0), unit: 'ms' });
}
