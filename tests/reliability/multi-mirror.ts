import { syncCalls } from '@comanda/shared-schema';
import { type Exchange, errorText, sleep, type Upstream } from './kill-http.ts';
import {
  applyChanges,
  type ChangesPage,
  canonical,
  differences,
  loadSnapshot,
  rowKey,
  type Snapshot,
} from './kill-snapshot.ts';

/** A GET that hangs this long is abandoned and tried again (as kill-http's POSTs). */
const REQUEST_TIMEOUT_MS = 15_000;

async function getOnce(url: string, cookie: string): Promise<Exchange> {
  try {
    const res = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the message
    }
    return { kind: 'answer', status: res.status, body, headers: res.headers };
  } catch (err) {
    return { kind: 'none', error: errorText(err) };
  }
}

/**
 * A tablet's local copy of its venue (spec 7, sync calls: the snapshot first, then the change
 * log since its version), read through the instances as the tablet reaches them: a pull that
 * gets no answer or a 503 moves to the other instance (upstream.ts) and is tried again. At the
 * end of a run it must hold exactly the server's rows (it converged).
 */
export class Mirror {
  pulls = 0;
  /** Snapshots loaded again because the log was pruned past this copy (a `reset`). */
  resets = 0;

  private constructor(
    private rows: Map<string, unknown>,
    private at: number,
    private readonly cookie: string,
    private readonly stopped: () => boolean,
  ) {}

  static async load(upstream: Upstream, cookie: string, stopped: () => boolean): Promise<Mirror> {
    const mirror = new Mirror(new Map(), 0, cookie, stopped);
    await mirror.reload(upstream);
    return mirror;
  }

  get version(): number {
    return this.at;
  }

  /** Pulls every page of changes since its version (until `hasMore` is false). */
  async pull(upstream: Upstream): Promise<void> {
    this.pulls++;
    for (;;) {
      const page = await this.get<ChangesPage>(
        upstream,
        `${syncCalls.changes.path}?since=${this.at}&limit=500`,
      );
      if (page.reset) {
        this.resets++;
        await this.reload(upstream);
        return;
      }
      applyChanges(this.rows, page);
      this.at = page.version;
      if (!page.hasMore) return;
    }
  }

  /** What differs from the server's `snapshot` (empty: converged). */
  differences(snapshot: Snapshot, who: string): string[] {
    return differences(this.rows, this.at, snapshot, who);
  }

  private async reload(upstream: Upstream): Promise<void> {
    const snapshot = await this.get<Snapshot>(upstream, syncCalls.snapshot.path);
    this.rows = new Map(snapshot.rows.map((r) => [rowKey(r), r.data]));
    this.at = snapshot.version;
  }

  /** GET through the upstream until answered; anything but a 200 (or a 503, tried again) fails. */
  private async get<T>(upstream: Upstream, path: string): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const url = upstream.base() + path;
      const ex = await getOnce(url, this.cookie);
      upstream.saw(ex);
      if (ex.kind === 'answer' && ex.status === 200) return ex.body as T;
      if (ex.kind === 'answer' && ex.status !== 503)
        throw new Error(`${url}: ${ex.status} ${JSON.stringify(ex.body).slice(0, 300)}`);
      if (this.stopped()) throw new Error(`gave up on ${url} after ${attempt} tries`);
      await sleep(Math.min(400, 40 * attempt));
    }
  }
}

/** A snapshot's text with its rows in one order: two instances' answers compared as a whole. */
const sortedText = (s: Snapshot): string =>
  canonical({ ...s, rows: [...s.rows].sort((a, b) => rowKey(a).localeCompare(rowKey(b))) });

/**
 * Convergence at the end of a run: every instance answers the same snapshot, and every device's
 * copy, after a last pull (through `lastWay(i)`), holds exactly its rows at its version.
 * Answers how many copies converged and what differs.
 */
export async function checkConvergence(
  bases: readonly string[],
  cookie: string,
  mirrors: readonly Mirror[],
  lastWay: (i: number) => Upstream,
): Promise<{ converged: number; problems: string[] }> {
  const problems: string[] = [];
  const snapshots = await Promise.all(bases.map((b) => loadSnapshot(b, cookie)));
  const [first] = snapshots;
  if (!first) return { converged: 0, problems: ['no instance to compare with'] };
  for (const [i, s] of snapshots.entries()) {
    if (sortedText(s) !== sortedText(first))
      problems.push(
        `instances 0 and ${i} answer different snapshots (versions ${first.version}, ${s.version})`,
      );
  }
  let converged = 0;
  for (const [i, m] of mirrors.entries()) {
    await m.pull(lastWay(i));
    const diff = m.differences(first, `tablet ${i + 1}'s copy`);
    if (diff.length === 0) converged++;
    problems.push(...diff.slice(0, 10));
  }
  return { converged, problems };
}
