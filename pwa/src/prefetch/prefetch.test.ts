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

const key = (s: Sent) => `${s.method} ${s.url} ${s.body}`;

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as PrefetchGlobal).__comandaPrefetched;
  forgetEarlyReads();
});

describe("a table's first script (prefetch.ts) sends what the app would send first", () => {
  it('the same requests, byte for byte, as the guard and the table reads of the menu page', async () => {
    const app: Sent[] = [];
    vi.stubGlobal('fetch', recordingFetch(app));
    const url = `http://localhost${menuPage}`;
    await userGuard({ request: new Request(url), params: {}, context: undefined } as never);
    startTableReads({ ownerId: OWNER, tableId: TABLE }, 'user', 'menu');
    await takeEarlyRead(`checks:user:${OWNER}:${TABLE}`);
    await takeEarlyRead(`menu:user:${OWNER}`);

    const early: Sent[] = [];
    prefetchTable(pageWithPlan(), menuPage, {}, recordingFetch(early), Date.now);
    await flush();
    // With a session there is no guest to make: nothing more is sent.
    expect(early.map(key).sort()).toEqual(app.map(key).sort());
    expect(early).toHaveLength(6);
  });

  it("a first scan (no session): the guest login and the reads again, as the app's, each once", async () => {
    const app: Sent[] = [];
    vi.stubGlobal('fetch', firstScanFetch(app));
    await appOpensMenu();

    const early: Sent[] = [];
    prefetchTable(pageWithPlan(), menuPage, {}, firstScanFetch(early), Date.now);
    await vi.waitFor(() => expect(early).toHaveLength(12));
    expect(early.map(key).sort()).toEqual(app.map(key).sort());
    expect(early.filter((s) => s.url === wire.routes.userLogin.path)).toEqual([
      { method: 'POST', url: wire.routes.userLogin.path, body: JSON.stringify(GUEST_LOGIN) },
    ]);
    // The reads went again only once the login was answered (its cookie set).
    const login = early.findIndex((s) => s.url === wire.routes.userLogin.path);
    expect(early.slice(login + 1)).toHaveLength(5);
  });

  it('the cart page sends the checks and not the menu; any other page sends nothing', () => {
    expect(tableRequests(`/user/cart/${OWNER}/${TABLE}`)?.map((r) => r.call)).toEqual(
      PREFETCH_CALLS.filter((name) => name !== 'userMenuGet' && name !== 'userLogin'),
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
    prefetchTable(pageWithPlan(), menuPage, globalThis as PrefetchGlobal, recordingFetch(early), Date.now);
    // The session check answered: no second round is kept for a guest that is not made.
    await flush();
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

  it('a first scan: the app takes the guest login and the second reads, and sends nothing itself', async () => {
    const state = { session: false };
    const early: Sent[] = [];
    prefetchTable(
      pageWithPlan(),
      menuPage,
      globalThis as PrefetchGlobal,
      firstScanFetch(early, state),
      Date.now,
    );
    const network: Sent[] = [];
    vi.stubGlobal('fetch', firstScanFetch(network, state));
    await appOpensMenu();
    expect(network).toEqual([]);
    // One guest, however the app's steps and the script's interleaved.
    expect(early.filter((s) => s.url === wire.routes.userLogin.path)).toHaveLength(1);
    await expect(call('userIsValidTable', { ownerId: OWNER, tableId: TABLE })).resolves.toEqual({
      number: 7,
    });
    expect(network).toHaveLength(1);
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
    expect(early).toHaveLength(6);
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
