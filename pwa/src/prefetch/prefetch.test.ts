import { afterEach, describe, expect, it, vi } from 'vitest';
import { userGuard } from '../app/guards.ts';
import { call } from '../data/api.ts';
import { NetworkError } from '../data/errors.ts';
import { PREFETCH_MAX_AGE_MS } from '../data/prefetched.ts';
import { wire } from '../data/wire.ts';
import { forgetEarlyReads, takeEarlyRead } from '../ordering/early-reads.ts';
import { startTableReads } from '../ordering/table-preload.ts';
import { PREFETCH_CALLS, PREFETCH_PLAN_ID, type PrefetchGlobal, type PrefetchPlan } from './plan.ts';
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
    expect(early.map(key).sort()).toEqual(app.map(key).sort());
    expect(early).toHaveLength(6);
  });

  it('the cart page sends the checks and not the menu; any other page sends nothing', () => {
    expect(tableRequests(`/user/cart/${OWNER}/${TABLE}`)?.map((r) => r.call)).toEqual(
      PREFETCH_CALLS.filter((name) => name !== 'userMenuGet'),
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
