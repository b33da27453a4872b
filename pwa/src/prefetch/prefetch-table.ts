import {
  GUEST_LOGIN,
  PREFETCH_PLAN_ID,
  type PrefetchCall,
  type PrefetchGlobal,
  type PrefetchPlan,
} from './plan.ts';

/*
 * What the page's first script does (`prefetch.ts`, before the app's own in index.html). On a
 * table's QR link (spec 2.7 menu, 2.9 cart) a phone would otherwise send nothing until the first
 * bundle has downloaded and run, which on a mid-range phone is most of its first second: here the
 * session check, the table's four checks and the menu leave at once, as one request
 * (`userTableFirst`: each fetch a phone starts, and each answer, costs its main thread about 8 ms at
 * 4x, traced), and the table screen's code and style are fetched beside the first bundle instead
 * of after it. The app's API client takes each part when it sends the very request the part
 * answers (`data/prefetched.ts`); anything else goes as before. No session yet (a first scan): the
 * server answers the checks refused 401, makes the guest the app's guard would make, and answers
 * them again in its session, so the app's guard, its refused reads and its second reads all find
 * their answers here, and a diner's first scan waits for no more round trips than a second visit.
 */

const TABLE_LINK = /^\/user\/(reservation|cart)\/([^/]+)\/([^/]+)\/?$/;

function segment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The table a page's address names, and whether its screen shows the menu: null on any other page. */
function tableOf(pathname: string): { ownerId: string; tableId: string; menu: boolean } | null {
  const match = TABLE_LINK.exec(pathname);
  if (!match) return null;
  const ownerId = segment(match[2] ?? '');
  const tableId = segment(match[3] ?? '');
  if (!ownerId || !tableId) return null;
  return { ownerId, tableId, menu: match[1] === 'reservation' };
}

/** The table reads the app sends on a table's page, with the bodies its reads build them. */
function readsOf(
  ownerId: string,
  tableId: string,
  menu: boolean,
): Array<{ call: PrefetchCall; body: object }> {
  return [
    { call: 'verifyBusinessId', body: { businessId: ownerId } },
    { call: 'userIsValidTable', body: { ownerId, tableId } },
    { call: 'userOrderEnabledGet', body: { ownerId } },
    { call: 'userClosedStatusGet', body: { ownerId } },
    ...(menu ? [{ call: 'userMenuGet' as const, body: { businessId: ownerId } }] : []),
  ];
}

/**
 * The requests the app sends first on a table's page, in the order and with the bodies its
 * reads build them (`app/guards.ts`, `ordering/table-reads.ts`; `prefetch.test.ts` holds them
 * equal): null on any other page.
 */
export function tableRequests(pathname: string): Array<{ call: PrefetchCall; body: object }> | null {
  const table = tableOf(pathname);
  if (!table) return null;
  return [{ call: 'userAuthenticate', body: {} }, ...readsOf(table.ownerId, table.tableId, table.menu)];
}

function readPlan(doc: Document): PrefetchPlan | null {
  const text = doc.getElementById(PREFETCH_PLAN_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PrefetchPlan;
  } catch {
    return null;
  }
}

function preload(doc: Document, href: string, rel: 'modulepreload' | 'preload'): void {
  const link = doc.createElement('link');
  link.rel = rel;
  if (rel === 'preload') link.as = 'style';
  // As the build's own links: a module script is fetched in CORS mode.
  link.crossOrigin = '';
  link.href = href;
  doc.head.append(link);
}

/** One call's answer inside `userTableFirst`'s (shared-schema `TableFirstAnswer`). */
interface Part {
  call: string;
  status: number;
  body: unknown;
}

/** A part as the Response its call's own request would have had. */
function partResponse(part: Part): Response {
  return new Response(JSON.stringify(part.body), {
    status: part.status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** Sends the page's first request and fetches its screen's files, when the page is a table's. */
export function prefetchTable(
  doc: Document,
  pathname: string,
  target: PrefetchGlobal,
  send: typeof fetch,
  now: () => number,
): void {
  const table = tableOf(pathname);
  const plan = table && readPlan(doc);
  const firstPath = plan?.paths.userTableFirst;
  if (!table || !plan || !firstPath) return;
  const sentAt = now();
  const post = (path: string, bytes: string) =>
    send(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: bytes,
    });
  /** The parts, in the order the server asked them; none when the request failed (the app asks itself). */
  const parts: Promise<Part[]> = post(firstPath, JSON.stringify(table))
    .then(async (res) => {
      const answer = res.ok ? ((await res.json()) as { answers?: unknown }) : null;
      return Array.isArray(answer?.answers) ? (answer.answers as Part[]) : [];
    })
    .catch(() => []);
  /** The answer of `call`'s `round`-th request, or null (not asked: the network's, as without this script). */
  const part = (call: PrefetchCall, round: number) =>
    parts.then((all) => {
      const found = all.filter((p) => p.call === call)[round];
      return found ? partResponse(found) : null;
    });
  /** Answers by request, in the order the app will ask for them (a first scan asks the reads twice). */
  const answers = new Map<
    string,
    Array<{ call: PrefetchCall; round: number; answer: Promise<Response | null> }>
  >();
  const key = (method: string, url: string, body: string) => `${method} ${url} ${body}`;
  const keep = (call: PrefetchCall, body: object, round: number) => {
    const path = plan.paths[call];
    if (!path) return;
    const id = key('POST', path, JSON.stringify(body));
    answers.set(id, [...(answers.get(id) ?? []), { call, round, answer: part(call, round) }]);
  };
  const reads = readsOf(table.ownerId, table.tableId, table.menu);
  keep('userAuthenticate', {}, 0);
  for (const read of reads) keep(read.call, read.body, 0);
  // A first scan: the guest login, then the reads again, as the guard and the reads ask them.
  keep('userLogin', GUEST_LOGIN, 0);
  for (const read of reads) keep(read.call, read.body, 1);
  // What the server did not answer (no guest made, no answer at all) is withdrawn: the app's own
  // requests for it go to the network, as without this script.
  void parts.then((all) => {
    const answered = (call: PrefetchCall, round: number) => all.filter((p) => p.call === call).length > round;
    for (const [id, queue] of answers) {
      const left = queue.filter((entry) => answered(entry.call, entry.round));
      if (left.length > 0) answers.set(id, left);
      else answers.delete(id);
    }
  });
  target.__comandaPrefetched = {
    take(method, url, body, maxAgeMs) {
      const answer = answers.get(key(method, url, body))?.shift()?.answer;
      if (!answer || now() - sentAt > maxAgeMs) return undefined;
      // A part the server did not answer (no guest made, the request failed) is the network's.
      return answer.then((res) => res ?? post(url, body));
    },
  };
  for (const href of plan.scripts) preload(doc, href, 'modulepreload');
  for (const href of plan.styles) preload(doc, href, 'preload');
}
