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
 * bundle has downloaded
 * and run, which on a mid-range phone is most of its first second: here the session check, the
 * table's four checks and the menu leave at once, and the table screen's code and style are
 * fetched beside the first bundle instead of after it. The app's API client takes these answers
 * when it sends the very same requests (`data/prefetched.ts`); anything else goes as before.
 * No session yet (a first scan): the checks are refused 401, and the app asks again once its guard
 * made the guest (`ordering/table-preload.ts`). Both steps leave from here as soon as the session
 * check says there is none: the guest login, then the checks and the menu again, so a diner's first
 * scan does not wait for the bundle before two more round trips.
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
  /** Answers by request, in the order the app will ask for them (a first scan asks twice). */
  const answers = new Map<string, Array<Promise<Response | null>>>();
  const key = (method: string, url: string, body: string) => `${method} ${url} ${body}`;
  const post = (path: string, bytes: string) =>
    send(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: bytes,
    });
  const keep = (path: string, bytes: string, answer: Promise<Response | null>) => {
    // Not an unhandled rejection: the app's request that takes it sees the failure.
    answer.catch(() => undefined);
    const id = key('POST', path, bytes);
    answers.set(id, [...(answers.get(id) ?? []), answer]);
  };
  const sent = requests.flatMap(({ call, body }) => {
    const path = plan.paths[call];
    if (!path) return [];
    const bytes = JSON.stringify(body);
    const answer = post(path, bytes);
    keep(path, bytes, answer);
    return [{ call, path, bytes, answer }];
  });
  const check = sent.find((r) => r.call === 'userAuthenticate');
  const loginPath = plan.paths.userLogin;
  if (check && loginPath) {
    // As the guard: any answer but a valid session makes a guest; no answer at all (offline)
    // leaves it to the app. Sent once, whoever asks first: never two guests.
    const loginBytes = JSON.stringify(GUEST_LOGIN);
    const login = check.answer.then(
      async (res) => {
        const session = (await res
          .clone()
          .json()
          .catch(() => null)) as { valid?: unknown } | null;
        return res.ok && session?.valid === true ? null : post(loginPath, loginBytes);
      },
      () => null,
    );
    // Asked again by the app once the guest is made.
    const after = [
      { path: loginPath, bytes: loginBytes, answer: login },
      ...sent
        .filter((r) => r.call !== 'userAuthenticate')
        .map((r) => ({ ...r, answer: login.then((res) => (res?.ok ? post(r.path, r.bytes) : null)) })),
    ];
    for (const r of after) keep(r.path, r.bytes, r.answer);
    // No guest made here: these were never sent, and the app's own requests go to the network.
    void login.then((res) => {
      if (res) return;
      for (const r of after) {
        const id = key('POST', r.path, r.bytes);
        const left = answers.get(id)?.filter((a) => a !== r.answer) ?? [];
        if (left.length > 0) answers.set(id, left);
        else answers.delete(id);
      }
    });
  }
  target.__comandaPrefetched = {
    take(method, url, body, maxAgeMs) {
      const answer = answers.get(key(method, url, body))?.shift();
      if (!answer || now() - sentAt > maxAgeMs) return undefined;
      // An answer this script did not need to send is the network's, as without it.
      return answer.then((res) => res ?? post(url, body));
    },
  };
  for (const href of plan.scripts) preload(doc, href, 'modulepreload');
  for (const href of plan.styles) preload(doc, href, 'preload');
}
