// What a device sees of the server after the faults: the snapshot it loads first and the change
// log it pulls after (spec 7, sync calls), and the comparison of the two.

/** JSON with keys sorted: two answers are the same whatever order their keys were written in. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

export type Row = { entity: string; entityId: string; data: unknown };
export interface Snapshot {
  version: number;
  rows: Row[];
}

/** One page of `GET /api/sync/changes`. */
export interface ChangesPage {
  reset: boolean;
  version: number;
  hasMore?: boolean;
  changes?: Array<Row & { version: number; op: 'put' | 'delete' }>;
}

async function getJson<T>(base: string, path: string, cookie: string): Promise<T> {
  const res = await fetch(base + path, { headers: { cookie } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** `GET /api/sync/snapshot` as a device loads it first. */
export function loadSnapshot(base: string, cookie: string): Promise<Snapshot> {
  return getJson<Snapshot>(base, '/api/sync/snapshot', cookie);
}

export const rowKey = (r: { entity: string; entityId: string }): string => `${r.entity}/${r.entityId}`;

/** A device's rows after applying a page of changes on them. */
export function applyChanges(rows: Map<string, unknown>, page: ChangesPage): void {
  for (const c of page.changes ?? []) {
    if (c.op === 'put') rows.set(rowKey(c), c.data);
    else rows.delete(rowKey(c));
  }
}

/**
 * Where a device's rows at `version` differ from `snapshot` (the server's rows now): a row
 * missing, extra, or different, or another version. Empty when the device converged.
 */
export function differences(
  rows: ReadonlyMap<string, unknown>,
  version: number,
  snapshot: Snapshot,
  who = 'replayed change log',
): string[] {
  const problems: string[] = [];
  if (snapshot.version !== version)
    problems.push(`${who}: snapshot at version ${snapshot.version}, changes up to ${version}`);
  const want = new Map(snapshot.rows.map((r) => [rowKey(r), r.data]));
  for (const [key, data] of want) {
    if (!rows.has(key)) problems.push(`${who} lacks ${key}`);
    else if (canonical(rows.get(key)) !== canonical(data)) {
      problems.push(
        `${who} ${key}: ${canonical(rows.get(key)).slice(0, 200)}; snapshot ${canonical(data).slice(0, 200)}`,
      );
    }
  }
  for (const key of rows.keys()) if (!want.has(key)) problems.push(`${who} has ${key}, the snapshot not`);
  return problems;
}

/**
 * A device that loaded the snapshot `from` (before the loop) and then replays the change log
 * since (`GET /api/sync/changes`, paged) must end with exactly the rows of the snapshot now:
 * after the kills the log holds every change of every committed mutation and nothing of an
 * uncommitted one. Null when the log was pruned past `from` (the device would reload instead).
 */
export async function replayMatchesSnapshot(
  base: string,
  cookie: string,
  from: Snapshot,
): Promise<string[] | null> {
  const rows = new Map<string, unknown>(from.rows.map((r) => [rowKey(r), r.data]));
  let since = from.version;
  for (;;) {
    const page = await getJson<ChangesPage>(base, `/api/sync/changes?since=${since}&limit=500`, cookie);
    if (page.reset) return null;
    applyChanges(rows, page);
    since = page.version;
    if (!page.hasMore) break;
  }
  return differences(rows, since, await loadSnapshot(base, cookie));
}
