import { PREFETCH_PLAN_ID, type PrefetchCall, type PrefetchGlobal, type PrefetchPlan } from './plan.ts';

/*
 * What the page's first script does (`prefetch.ts`, before the app's own in index.html). On a
 * table's QR link (spec 2.7 menu, 2.9 cart) a phone would otherwise send nothing until the first
 * bundle has downloaded
 * and run, which on a mid-range phone is most of its first second: here the session check, the
 * table's four checks and the menu leave at once, and the table screen's code and style are
 * fetched beside the first bundle instead of after it. The app's API client takes these answers
 * when it sends the very same requests (`data/prefetched.ts`); anything else goes as before.
 * No session yet (a first scan) is fine: the checks are refused 401, and the app asks again once
 * its guard made the guest (`ordering/table-preload.ts`).
 */

const TABLE_LINK = /^\/user\/(reservation|cart)\/([^/]+)\/([^/]+)\/?$/;

function segment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The requests the app sends first on a table's page, in the order and with the bodies its
 * reads build them (`app/guards.ts`, `ordering/table-reads.ts`; `prefetch.test.ts` holds them
 * equal): null on any other page.
 */
export function tableRequests(pathname: string): Array<{ call: PrefetchCall; body: object }> | null {
  const match = TABLE_LINK.exec(pathname);
  if (!match) return null;
  const ownerId = segment(match[2] ?? '');
  const tableId = segment(match[3] ?? '');
  if (!ownerId || !tableId) return null;
  const requests: Array<{ call: PrefetchCall; body: object }> = [
    { call: 'userAuthenticate', body: {} },
    { call: 'verifyBusinessId', body: { businessId: ownerId } },
    { call: 'userIsValidTable', body: { ownerId, tableId } },
    { call: 'userOrderEnabledGet', body: { ownerId } },
    { call: 'userClosedStatusGet', body: { ownerId } },
  ];
  if (match[1] === 'reservation') requests.push({ call: 'userMenuGet', body: { businessId: ownerId } });
  return requests;
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

/** Sends the page's first requests and fetches its screen's files, when the page is a table's. */
export function prefetchTable(
  doc: Document,
  pathname: string,
  target: PrefetchGlobal,
  send: typeof fetch,
  now: () => number,
): void {
  const requests = tableRequests(pathname);
  const plan = requests && readPlan(doc);
  if (!requests || !plan) return;
  const sentAt = now();
  const answers = new Map<string, Promise<Response>>();
  const key = (method: string, url: string, body: string) => `${method} ${url} ${body}`;
  for (const { call, body } of requests) {
    const path = plan.paths[call];
    if (!path) continue;
    const bytes = JSON.stringify(body);
    const response = send(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: bytes,
    });
    // Not an unhandled rejection: the app's request that takes it sees the failure.
    response.catch(() => undefined);
    answers.set(key('POST', path, bytes), response);
  }
  target.__comandaPrefetched = {
    take(method, url, body, maxAgeMs) {
      const id = key(method, url, body);
      const answer = answers.get(id);
      answers.delete(id);
      return answer && now() - sentAt <= maxAgeMs ? answer : undefined;
    },
  };
  for (const href of plan.scripts) preload(doc, href, 'modulepreload');
  for (const href of plan.styles) preload(doc, href, 'preload');
}
