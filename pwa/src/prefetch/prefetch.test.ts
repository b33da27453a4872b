import { TABLE_FIRST_CALLS, tableFirstReads } from '@comanda/shared-schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newUserSession, userGuard } from '../app/guards.ts';
import { call } from '../data/api.ts';
import { NetworkError } from '../data/errors.ts';
import { PREFETCH_MAX_AGE_MS } from '../data/prefetched.ts';
import { wire } from '../data/wire.ts';
import { forgetEarlyReads, takeEarlyRead } from '../ordering/early-reads.ts';
import { startTableReads } from '../ordering/table-preload.ts';
import {
  GUEST_LOGIN,
  PREFETCH_CALLS,
  PREFETCH_PLAN_ID,
  type PrefetchGlobal,
  type PrefetchPlan,
} from './plan.ts';
import { prefetchTable, tableRequests } from './prefetch-table.ts';

const OWNER = 'venue-1';
const TABLE = 'table 7';
const menuPage = `/user/reservation/${OWNER}/${encodeURIComponent(TABLE)}`;

interface Sent {
  method: string;
  url: string;
  body: string;
}

/** A fetch that notes each request and answers what the app's reads expect of a served table. */
function recordingFetch(sent: Sent[]) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    sent.push({ method: init?.method ?? 'GET', url, body: String(init?.body ?? '') });
    const answers: Record<string, unknown> = {
      [wire.routes.userAuthenticate.path]: { valid: true, type: 'user', isAnonymus: true },
      [wire.routes.verifyBusinessId.path]: { name: 'Trattoria' },
      [wire.routes.userIsValidTable.path]: { number: 7 },
      [wire.routes.userOrderEnabledGet.path]: { orderEnabled: 1 },
      [wire.routes.userClosedStatusGet.path]: { is_closed: 0 },
      [wire.routes.userMenuGet.path]: { data: [], categories: [] },
    };
    return new Response(JSON.stringify(answers[url] ?? {}), { status: 200 });
  });
}

/**
 * A server as a diner's first scan meets it: no session until the guest login, every table read
 * refused 401 before it. Notes each request; `state` is the cookie jar.
 */
function firstScanFetch(sent: Sent[], state = { session: false }) {
  const served = recordingFetch([]);
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    sent.push({ method: init?.method ?? 'GET', url, body: String(init?.body ?? '') });
    if (url === wire.routes.userLogin.path) {
      state.session = true;
      return new Response(JSON.stringify({ valid: true, type: 'user', isAnonymus: true }), { status: 200 });
    }
    if (url === wire.routes.userAuthenticate.path)
      return new Response(JSON.stringify(state.session ? { valid: true, type: 'user' } : { valid: false }), {
        status: 200,
      });
    if (!state.session)
      return new Response(JSON.stringify({ code: 'UNAUTHORIZED', error: 'Sessione scaduta' }), {
        status: 401,
      });
    return served(input, init);
  });
}

/**
 * The server's `userTableFirst` over a fake of its calls (`perCall`): the session check and the
 * table's reads, then, with no valid session, the guest login and the reads again (as
 * sync-server's table-first-route.ts, whose own test holds each part equal to its call alone).
 * Notes the one request in `sent`.
 */
function tableFirstServer(sent: Sent[], perCall: typeof fetch) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    sent.push({ method: init?.method ?? 'GET', url, body: String(init?.body ?? '') });
    if (url !== wire.routes.userTableFirst.path) return perCall(input, init);
    const { ownerId, tableId, menu } = JSON.parse(String(init?.body)) as {
      ownerId: string;
      tableId: string;
      menu: boolean;
    };
    const ask = async (call: keyof typeof wire.routes, body: object) => {
      const res = await perCall(wire.routes[call].path, { method: 'POST', body: JSON.stringify(body) });
      return { call, status: res.status, body: await res.json() };
    };
    const reads = () =>
      Promise.all([
        ask('verifyBusinessId', { businessId: ownerId }),
        ask('userIsValidTable', { ownerId, tableId }),
        ask('userOrderEnabledGet', { ownerId }),
        ask('userClosedStatusGet', { ownerId }),
        ...(menu ? [ask('userMenuGet', { businessId: ownerId })] : []),
      ]);
    const check = await ask('userAuthenticate', {});
    const answers = [check, ...(await reads())];
    if (!(check.body as { valid?: boolean }).valid)
      answers.push(await ask('userLogin', GUEST_LOGIN), ...(await reads()));
    return new Response(JSON.stringify({ success: true, answers }), { status: 200 });
  });
}

/** What the app sends first on the menu page: the guard, then the table's reads, all answered. */
async function appOpensMenu(): Promise<void> {
  // As the table routes: the reads start beside the guard, not after it (app/routes.tsx).
  const guard = userGuard({
    request: new Request(`http://localhost${menuPage}`),
    params: {},
    context: undefined,
  } as never);
  startTableReads({ ownerId: OWNER, tableId: TABLE }, 'user', 'menu', newUserSession);
  await guard;
  await takeEarlyRead(`checks:user:${OWNER}:${TABLE}`);
  await takeEarlyRead(`menu:user:${OWNER}`);
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function plan(): PrefetchPlan {
  const paths = {} as PrefetchPlan['paths'];
  for (const name of PREFETCH_CALLS) paths[name] = wire.routes[name].path;
  return { paths, scripts: ['/assets/customer-a.js'], styles: ['/assets/customer-b.css'] };
}

function pageWithPlan(): Document {
  const doc = document.implementation.createHTMLDocument('menu');
  const block = doc.createElement('script');
  block.type = 'application/json';
  block.id = PREFETCH_PLAN_ID;
  block.textContent = JSON.stringify(plan());
  doc.head.append(block);
  return doc;
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as PrefetchGlobal).__comandaPrefetched;
  forgetEarlyReads();
});

describe("a table's first script (prefetch.ts) sends what the app would send first", () => {
  it('one request, whose parts answer the guard and the table reads of the menu page: the app sends nothing itself', async () => {
    const alone: Sent[] = [];
    vi.stubGlobal('fetch', recordingFetch(alone));
    await appOpensMenu();

    const early: Sent[] = [];
    prefetchTable(
      pageWithPlan(),
      menuPage,
      globalThis as PrefetchGlobal,
      tableFirstServer(early, recordingFetch([])),
      Date.now,
    );
    const network: Sent[] = [];
    vi.stubGlobal('fetch', recordingFetch(network));
    await appOpensMenu();
    expect(early).toEqual([
      {
        method: 'POST',
        url: wire.routes.userTableFirst.path,
        body: JSON.stringify({ ownerId: OWNER, tableId: TABLE, menu: true }),
      },
    ]);
    // Every request the app sent alone found its part here.
    expect(alone).toHaveLength(6);
    expect(network).toEqual([]);
  });

  it("a first scan (no session): the server's one answer carries the guest login and the reads again; one guest", async () => {
    const state = { session: false };
    const served: Sent[] = [];
    const early: Sent[] = [];
    prefetchTable(
      pageWithPlan(),
      menuPage,
      globalThis as PrefetchGlobal,
      tableFirstServer(early, firstScanFetch(served, state)),
      Date.now,
    );
    const network: Sent[] = [];
    vi.stubGlobal('fetch', firstScanFetch(network, state));
    await appOpensMenu();
    expect(network).toEqual([]);
    expect(early).toHaveLength(1);
    expect(served.filter((s) => s.url === wire.routes.userLogin.path)).toEqual([
      { method: 'POST', url: wire.routes.userLogin.path, body: JSON.stringify(GUEST_LOGIN) },
    ]);
    // Taken once: the same read again goes to the network.
    await expect(call('userIsValidTable', { ownerId: OWNER, tableId: TABLE })).resolves.toEqual({
      number: 7,
    });
    expect(network).toHaveLength(1);
  });

  it('the app alone, on a first scan, sends the guest login the script counts on', async () => {
    const app: Sent[] = [];
    vi.stubGlobal('fetch', firstScanFetch(app));
    await appOpensMenu();
    expect(app.filter((s) => s.url === wire.routes.userLogin.path)).toEqual([
      { method: 'POST', url: wire.routes.userLogin.path, body: JSON.stringify(GUEST_LOGIN) },
    ]);
    // The reads the script keeps, each asked twice: refused before the login, then answered.
    const reads = tableRequests(menuPage)?.filter((r) => r.call !== 'userAuthenticate') ?? [];
    for (const read of reads)
      expect(
        app.filter((s) => s.url === wire.routes[read.call].path && s.body === JSON.stringify(read.body)),
      ).toHaveLength(2);
  });

  it("asks the calls and the reads the server's userTableFirst answers (shared-schema's, copied here)", () => {
    expect(PREFETCH_CALLS).toEqual(['userTableFirst', ...TABLE_FIRST_CALLS]);
    for (const [page, menu] of [
      [menuPage, true],
      [`/user/cart/${OWNER}/${encodeURIComponent(TABLE)}`, false],
    ] as const)
      expect(tableRequests(page)?.slice(1)).toEqual(tableFirstReads(OWNER, TABLE, menu));
  });

  it('the cart page sends the checks and not the menu; any other page sends nothing', () => {
    expect(tableRequests(`/user/cart/${OWNER}/${TABLE}`)?.map((r) => r.call)).toEqual(
      PREFETCH_CALLS.filter((name) => !['userTableFirst', 'userMenuGet', 'userLogin'].includes(name)),
    );
    for (const path of [
      '/',
      '/owner/home',
      `/user/history/${OWNER}/${TABLE}`,
      '/user/reservation/x',
      '/signin',
    ])
      expect(tableRequests(path)).toBeNull();
  });

  it("fetches the table screen's script and style beside the first bundle", () => {
    const doc = pageWithPlan();
    prefetchTable(doc, menuPage, {}, recordingFetch([]), Date.now);
    const links = [...doc.head.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('href')}`);
    expect(links).toEqual(['modulepreload /assets/customer-a.js', 'preload /assets/customer-b.css']);
  });

  it('does nothing without the plan (a development server) or on another page', () => {
    const send = recordingFetch([]);
    const target: PrefetchGlobal = {};
    prefetchTable(document.implementation.createHTMLDocument('x'), menuPage, target, send, Date.now);
    prefetchTable(pageWithPlan(), '/owner/home', target, send, Date.now);
    expect(send).not.toHaveBeenCalled();
    expect(target.__comandaPrefetched).toBeUndefined();
  });
});

describe('the API client takes those answers (data/prefetched.ts)', () => {
  it('once, for the identical request; a second one goes to the network', async () => {
    const early: Sent[] = [];
    prefetchTable(
      pageWithPlan(),
      menuPage,
      globalThis as PrefetchGlobal,
      tableFirstServer(early, recordingFetch([])),
      Date.now,
    );
    const network: Sent[] = [];
    vi.stubGlobal('fetch', recordingFetch(network));
    await expect(call('userIsValidTable', { ownerId: OWNER, tableId: TABLE })).resolves.toEqual({
      number: 7,
    });
    expect(network).toHaveLength(0);
    await call('userIsValidTable', { ownerId: OWNER, tableId: TABLE });
    // Another body is another request.
    await call('userIsValidTable', { ownerId: OWNER, tableId: 'table 8' });
    expect(network.map((s) => s.body)).toEqual([
      JSON.stringify({ ownerId: OWNER, tableId: TABLE }),
      JSON.stringify({ ownerId: OWNER, tableId: 'table 8' }),
    ]);
  });

  it('a refused part is the answer its call had: the app sees the same error', async () => {
    const refused = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, code: 'TABLE_INVALID', error: 'Tavolo non valido' }), {
          status: 404,
        }),
    );
    const early: Sent[] = [];
    prefetchTable(
      pageWithPlan(),
      menuPage,
      globalThis as PrefetchGlobal,
      tableFirstServer(early, refused),
      Date.now,
    );
    const network: Sent[] = [];
    vi.stubGlobal('fetch', recordingFetch(network));
    await expect(call('userIsValidTable', { ownerId: OWNER, tableId: TABLE })).rejects.toMatchObject({
      status: 404,
      code: 'TABLE_INVALID',
    });
    expect(network).toEqual([]);
  });

  it('a session check with no answer (offline) makes no guest here: the app asks itself', async () => {
    const early: Sent[] = [];
    const offline = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      early.push({ method: init?.method ?? 'GET', url: String(input), body: String(init?.body ?? '') });
      throw new TypeError('Failed to fetch');
    });
    prefetchTable(pageWithPlan(), menuPage, globalThis as PrefetchGlobal, offline, Date.now);
    await flush();
    const network: Sent[] = [];
    vi.stubGlobal('fetch', firstScanFetch(network));
    await expect(call('userLogin', GUEST_LOGIN)).resolves.toMatchObject({ valid: true });
    // The app's own login went out; the script sent none, nor the reads again.
    expect(network.map((s) => s.url)).toEqual([wire.routes.userLogin.path]);
    expect(early.map((s) => s.url)).toEqual([wire.routes.userTableFirst.path]);
  });

  it('not when it was asked for too long ago', async () => {
    let now = 1_000;
    prefetchTable(pageWithPlan(), menuPage, globalThis as PrefetchGlobal, recordingFetch([]), () => now);
    now += PREFETCH_MAX_AGE_MS + 1;
    const network: Sent[] = [];
    vi.stubGlobal('fetch', recordingFetch(network));
    await call('userMenuGet', { businessId: OWNER });
    expect(network).toHaveLength(1);
  });

  it("an answer that never comes still ends with the caller's timeout", async () => {
    const hanging = vi.fn(() => new Promise<Response>(() => undefined));
    prefetchTable(pageWithPlan(), menuPage, globalThis as PrefetchGlobal, hanging, Date.now);
    await expect(call('userMenuGet', { businessId: OWNER }, { timeoutMs: 20 })).rejects.toBeInstanceOf(
      NetworkError,
    );
  });
});
