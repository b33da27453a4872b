import { act, fireEvent, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ComandaDb, type OutboxEntry, type ServerRow } from '../data/db.ts';
import { SyncContext } from '../data/hooks.ts';
import type { SyncClient } from '../data/sync-client.ts';
import { LiveConnection } from '../live/connection.ts';
import { LiveContext } from '../live/use-live.ts';
import { ownerSyncClient } from './owner-sync.ts';
import { freshDbName } from './sync-fixture.ts';

// An owner screen under test, as the owner layout hosts it: a seeded device database, an
// unstarted sync client (the outbox keeps what the screen queues, for the test to read) and an
// unopened socket, under the 'owner' route whose loader gives the owner session.

// jsdom has no CSS.escape; react-aria's modal reads a meta tag with it.
if (!globalThis.CSS?.escape) {
  const cssEscape = (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);
  Object.assign(globalThis, { CSS: { ...globalThis.CSS, escape: cssEscape } });
}

export const BIZ = '99999999-9999-4999-8999-999999999999';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Every server call answered 404: the screen is drawn from the device database alone. */
export const notFound = async (): Promise<Response> =>
  json({ success: false, code: 'NOT_FOUND', error: 'no' }, 404);

/** What the owner layout provides its screens: the sync client and the live socket. */
export function OwnerProviders({ sync, live }: { sync: SyncClient; live: LiveConnection }) {
  return (
    <SyncContext.Provider value={sync}>
      <LiveContext.Provider value={live}>
        <Outlet />
      </LiveContext.Provider>
    </SyncContext.Provider>
  );
}

export interface OwnerScreenOptions {
  /** The screen's routes, children of the owner route. */
  routes: RouteObject[];
  path: string;
  seed: ServerRow[];
  /** Whether the device already holds the venue (the first sync happened). */
  synced?: boolean;
  fetch?: (input: RequestInfo | URL) => Promise<Response>;
  /** Around the router, as the app's root layout wraps it (the snackbar, say). */
  wrap?: (router: ReactNode) => ReactNode;
}

export interface OwnerScreen {
  db: ComandaDb;
  sync: SyncClient;
  live: LiveConnection;
  router: ReturnType<typeof createMemoryRouter>;
  fetch: ReturnType<typeof vi.fn>;
}

export async function renderOwnerScreen(opts: OwnerScreenOptions): Promise<OwnerScreen> {
  const db = new ComandaDb(freshDbName());
  await db.meta.put({
    key: 'sync',
    clientId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    nextMutationId: 1,
    lastVersion: opts.synced === false ? 0 : 5,
    synced: opts.synced ?? true,
  });
  await db.serverRows.bulkPut(opts.seed);
  const fetch = vi.fn(opts.fetch ?? notFound);
  vi.stubGlobal('fetch', fetch);
  const sync = ownerSyncClient(db);
  const live = new LiveConnection({ url: 'ws://comanda.test/live' });
  const router = createMemoryRouter(
    [
      {
        id: 'owner',
        path: '/',
        HydrateFallback: () => null,
        loader: () => ({
          session: { valid: true, type: 'owner', id: 'u1', businessId: BIZ },
          offline: false,
        }),
        Component: () => <OwnerProviders sync={sync} live={live} />,
        children: opts.routes,
      },
    ],
    { initialEntries: [opts.path] },
  );
  const app = <RouterProvider router={router} />;
  render(opts.wrap ? opts.wrap(app) : app);
  return { db, sync, live, router, fetch };
}

export const outbox = (db: ComandaDb): Promise<OutboxEntry[]> => db.outbox.orderBy('mutationId').toArray();

export async function press(element: Element): Promise<void> {
  await act(async () => {
    fireEvent.click(element);
  });
}

export async function type(input: HTMLElement, value: string): Promise<void> {
  await act(async () => {
    fireEvent.change(input, { target: { value } });
  });
}
