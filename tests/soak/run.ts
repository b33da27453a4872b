// `npm run soak`: the long versions of the reliability suite, one JSON line per figure
// on stdout. `npm run soak -- fuzz isolation` runs only those; `--write-docs` also records their
// lines in docs/reliability.md, stamped with the date and the machine. The fast versions of the
// same code run in `npm test`.

import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../support/server.ts';

type Emit = (line: Record<string, unknown>) => void;
type Soak = (emit: Emit) => Promise<void>;

/** In the order they run: the quick ones first, the 10-minute steady load last. */
const soaks: Record<string, () => Promise<Soak>> = {
  isolation: async () => (await import('./isolation.ts')).soak,
  fuzz: async () => (await import('./fuzz.ts')).soak,
  'kill-loop': async () => (await import('./kill-loop.ts')).soak,
  ops: async () => (await import('./ops.ts')).soak,
  abuse: async () => (await import('./abuse-live.ts')).soak,
  throughput: async () => (await import('./throughput.ts')).soak,
};

const args = process.argv.slice(2);
const writeDocsFlag = args.includes('--write-docs');
const wanted = args.filter((a) => !a.startsWith('--'));
for (const name of wanted) {
  if (!Object.hasOwn(soaks, name)) {
    console.error(`unknown soak '${name}': ${Object.keys(soaks).join(', ')}`);
    process.exit(2);
  }
}

const lines: Array<Record<string, unknown>> = [];
const emit: Emit = (line) => {
  lines.push(line);
  process.stdout.write(`${JSON.stringify(line)}\n`);
};

let failed = false;
for (const [name, load] of Object.entries(soaks)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  const started = performance.now();
  try {
    await (await load())(emit);
  } catch (err) {
    failed = true;
    emit({ soak: name, figure: 'failed', value: 1, error: String(err instanceof Error ? err.message : err) });
  }
  emit({ soak: name, figure: 'duration_s', value: Math.round((performance.now() - started) / 1000) });
}

/**
 * The figures section of docs/reliability.md: one JSON line per figure, each stamped with its run's
 * date and machine; a soak run again replaces its own lines and leaves the others'.
 */
function writeDocs(fresh: Array<Record<string, unknown>>): void {
  const file = join(repoRoot, 'docs', 'reliability.md');
  const doc = readFileSync(file, 'utf8');
  const begin = '<!-- soak:begin -->';
  const end = '<!-- soak:end -->';
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} lacks the ${begin} ... ${end} markers`);
  const rerun = new Set(fresh.map((l) => l.soak));
  const kept = doc
    .slice(from + begin.length, to)
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => !rerun.has(l.soak));
  const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const at = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const stamped = fresh.map((l): Record<string, unknown> => ({ ...l, at, machine }));
  const order = Object.keys(soaks);
  const all = [...kept, ...stamped].sort(
    (a, b) => order.indexOf(String(a.soak)) - order.indexOf(String(b.soak)),
  );
  const section = [begin, '```jsonl', ...all.map((l) => JSON.stringify(l)), '```', end].join('\n');
  writeFileSync(file, doc.slice(0, from) + section + doc.slice(to + end.length));
}

if (writeDocsFlag) writeDocs(lines);

process.exit(failed ? 1 : 0);
