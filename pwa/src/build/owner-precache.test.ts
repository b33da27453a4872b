// @vitest-environment node
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { OWNER_CACHE_COMPLETE, OWNER_CACHE_PREFIX, OWNER_DEVICE_MESSAGE } from '../app/owner-device.ts';
import { ownerOnlyFiles, ownerPrecacheScript } from './owner-precache.ts';
import type { BundleEntry } from './table-prefetch.ts';

const chunk = (fileName: string, extra: Partial<BundleEntry> = {}): BundleEntry => ({
  type: 'chunk',
  fileName,
  imports: [],
  dynamicImports: [],
  ...extra,
});
const css = (...files: string[]) => ({ importedCss: new Set(files) });

const OWNER_ROOTS = new Set(['/src/app/owner-frame.tsx', '/src/screens/owner-home/index.tsx']);

describe('the files only the owner screens load', () => {
  const bundle: Record<string, BundleEntry> = {
    'index.js': chunk('index.js', {
      isEntry: true,
      imports: ['runtime.js'],
      dynamicImports: ['customer.js', 'owner-frame.js', 'owner-home.js', 'owner-signup.js'],
      viteMetadata: css('index.css'),
    }),
    'runtime.js': chunk('runtime.js'),
    'customer.js': chunk('customer.js', {
      facadeModuleId: '/src/screens/user-reservation/index.tsx',
      imports: ['dialog.js'],
      viteMetadata: css('customer.css'),
    }),
    'dialog.js': chunk('dialog.js', { viteMetadata: css('dialog.css') }),
    'owner-frame.js': chunk('owner-frame.js', {
      facadeModuleId: '/src/app/owner-frame.tsx',
      imports: ['db.js'],
    }),
    'db.js': chunk('db.js'),
    'owner-home.js': chunk('owner-home.js', {
      facadeModuleId: '/src/screens/owner-home/index.tsx',
      imports: ['dialog.js', 'db.js'],
      dynamicImports: ['chart.js'],
      viteMetadata: css('owner-home.css', 'dialog.css'),
    }),
    'chart.js': chunk('chart.js'),
    // A public page with "owner" in its name (sign-up) is not an owner screen.
    'owner-signup.js': chunk('owner-signup.js', { facadeModuleId: '/src/screens/owner-signup/index.tsx' }),
    'index.html': { type: 'asset', fileName: 'index.html', source: '' },
  };

  it('are the owner roots, what only they import (statically or lazily) and their own style sheets', () => {
    const files = ownerOnlyFiles(bundle, (id) => OWNER_ROOTS.has(id));
    expect([...files].sort()).toEqual([
      'chart.js',
      'db.js',
      'owner-frame.js',
      'owner-home.css',
      'owner-home.js',
    ]);
  });

  it('leave out what a customer or public screen shares with them', () => {
    const shared = { ...bundle, 'customer.js': chunk('customer.js', { imports: ['dialog.js', 'db.js'] }) };
    const files = ownerOnlyFiles(shared, (id) => OWNER_ROOTS.has(id));
    expect(files.has('db.js')).toBe(false);
    expect(files.has('dialog.js')).toBe(false);
    expect(files.has('dialog.css')).toBe(false);
  });
});

/** A service worker's global, with caches and a network in memory, for the generated script. */
function fakeWorker(options: { caches?: Record<string, Record<string, string>>; windows?: string[] } = {}) {
  const stores = new Map<string, Map<string, string>>(
    Object.entries(options.caches ?? {}).map(([name, entries]) => [name, new Map(Object.entries(entries))]),
  );
  const listeners = new Map<string, (event: unknown) => void>();
  const fetched: string[] = [];
  const path = (url: string | { url: string }) =>
    new URL(typeof url === 'string' ? url : url.url, 'https://x.test').pathname;
  const cacheOf = (entries: Map<string, string>) => ({
    match: async (url: string) => (entries.has(path(url)) ? new Response(entries.get(path(url))) : undefined),
    put: async (url: string, res: Response) => void entries.set(path(url), await res.text()),
  });
  const caches = {
    keys: async () => [...stores.keys()],
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      return cacheOf(stores.get(name) as Map<string, string>);
    },
    delete: async (name: string) => stores.delete(name),
    match: async (url: string, opts: { cacheName: string }) => {
      const entries = stores.get(opts.cacheName);
      return entries ? cacheOf(entries).match(url) : undefined;
    },
  };
  const self = {
    location: new URL('https://x.test/sw.js'),
    clients: { matchAll: async () => (options.windows ?? []).map((url) => ({ url })) },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  const fetch = async (url: string | { url: string }) => {
    fetched.push(path(url));
    return new Response(`network ${path(url)}`);
  };
  /** Dispatches an extendable event; resolves once what it waited for settled. */
  const dispatch = async (type: string, extra: object = {}) => {
    const waits: Promise<unknown>[] = [];
    let answer: Promise<Response> | undefined;
    let stopped = false;
    listeners.get(type)?.({
      ...extra,
      waitUntil: (p: Promise<unknown>) => waits.push(p),
      respondWith: (p: Promise<Response>) => {
        answer = p;
      },
      stopImmediatePropagation: () => {
        stopped = true;
      },
    });
    await Promise.all(waits);
    return { answer: answer ? await (await answer).text() : undefined, stopped };
  };
  return { self, caches, fetch, stores, fetched, dispatch };
}

const URLS = ['/assets/owner-home-1.js', '/assets/chart-1.js'];

function load(worker: ReturnType<typeof fakeWorker>) {
  runInNewContext(ownerPrecacheScript(URLS), {
    self: worker.self,
    caches: worker.caches,
    fetch: worker.fetch,
    Response,
    URL,
  });
}

describe("the worker's owner precache script", () => {
  it('is named by its list, whatever the order', () => {
    expect(ownerPrecacheScript([...URLS].reverse())).toBe(ownerPrecacheScript(URLS));
    expect(ownerPrecacheScript(URLS)).not.toBe(ownerPrecacheScript(URLS.slice(1)));
  });

  it("installs on a diner's phone without fetching an owner file or making an owner cache", async () => {
    const worker = fakeWorker({ windows: ['https://x.test/user/reservation/v/t'] });
    load(worker);
    await worker.dispatch('install');
    expect(worker.fetched).toEqual([]);
    expect([...worker.stores.keys()]).toEqual([]);
    // An owner file asked for anyway (a link followed) comes from the network, still no cache made.
    const { answer, stopped } = await worker.dispatch('fetch', {
      request: { url: 'https://x.test/assets/chart-1.js' },
    });
    expect(answer).toBe('network /assets/chart-1.js');
    expect(stopped).toBe(true);
    expect([...worker.stores.keys()]).toEqual([]);
  });

  it("installs every owner file on an owner's device (an earlier owner cache), then drops the old cache", async () => {
    const worker = fakeWorker({
      caches: { [`${OWNER_CACHE_PREFIX}old`]: { '/assets/owner-home-0.js': 'old' } },
    });
    load(worker);
    await worker.dispatch('install');
    expect(worker.fetched.sort()).toEqual([...URLS].sort());
    const current = [...worker.stores.keys()].find((n) => n !== `${OWNER_CACHE_PREFIX}old`) ?? '';
    expect(worker.stores.get(current)?.has(OWNER_CACHE_COMPLETE)).toBe(true);
    await worker.dispatch('activate');
    expect([...worker.stores.keys()]).toEqual([current]);
    const { answer } = await worker.dispatch('fetch', {
      request: { url: 'https://x.test/assets/chart-1.js' },
    });
    expect(answer).toBe('network /assets/chart-1.js');
    // Answered from the cache: no second download.
    expect(worker.fetched.filter((p) => p === '/assets/chart-1.js')).toHaveLength(1);
  });

  it('installs them when a window is open on an owner screen, and when the owner frame says so', async () => {
    const open = fakeWorker({ windows: ['https://x.test/owner/dashboard'] });
    load(open);
    await open.dispatch('install');
    expect(open.fetched.sort()).toEqual([...URLS].sort());

    const later = fakeWorker();
    load(later);
    await later.dispatch('install');
    expect(later.fetched).toEqual([]);
    await later.dispatch('message', { data: { type: 'something else' } });
    expect(later.fetched).toEqual([]);
    await later.dispatch('message', { data: { type: OWNER_DEVICE_MESSAGE } });
    expect(later.fetched.sort()).toEqual([...URLS].sort());
    // Once complete, another message fetches nothing.
    await later.dispatch('message', { data: { type: OWNER_DEVICE_MESSAGE } });
    expect(later.fetched).toHaveLength(URLS.length);
  });

  it('leaves other requests to the routes after it', async () => {
    const worker = fakeWorker();
    load(worker);
    const { answer, stopped } = await worker.dispatch('fetch', {
      request: { url: 'https://x.test/assets/index-1.js' },
    });
    expect(answer).toBeUndefined();
    expect(stopped).toBe(false);
  });
});
