import { type BusinessRow, t } from '@comanda/shared-schema';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ComandaDb, type OutboxEntry, type ServerRow } from '../../data/db.ts';
import { SyncContext } from '../../data/hooks.ts';
import { SyncClient } from '../../data/sync-client.ts';
import { LiveConnection } from '../../live/connection.ts';
import { LiveContext } from '../../live/use-live.ts';
import { freshDbName } from '../../test/sync-fixture.ts';
import { x } from '../../texts-extra.ts';
import OwnerProfileScreen from './index.tsx';

// The profile under test: a seeded device database, an unstarted sync client and socket.

// jsdom has no CSS.escape; react-aria's modal reads a meta tag with it.
if (!globalThis.CSS?.escape) {
  const cssEscape = (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);
  Object.assign(globalThis, { CSS: { ...globalThis.CSS, escape: cssEscape } });
}

export const BIZ = '99999999-9999-4999-8999-999999999999';

export const venue: BusinessRow = {
  id: BIZ,
  name: 'Trattoria Demo',
  costoConsegna: 250,
  openingTime: '18:00',
  closingTime: '02:00',
  ownerIp: null,
  openConsegna: '19:00',
  closeConsegna: '23:30',
  abilitaConsegna: 1,
  orderEnabled: 1,
  chatEnabled: 1,
  is_closed: 0,
  messaggioChiusura: null,
  deliveryCities: ['Avella', 'Baiano'],
  slotCapacity: 2,
  userVersion: 1,
};

export interface Harness {
  db: ComandaDb;
}

export async function renderProfile(opts: { row?: BusinessRow } = {}): Promise<Harness> {
  const db = new ComandaDb(freshDbName());
  await db.meta.put({
    key: 'sync',
    clientId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    nextMutationId: 1,
    lastVersion: 5,
    synced: true,
  });
  const seed: ServerRow[] = [{ entity: 'business', entityId: BIZ, data: opts.row ?? venue }];
  await db.serverRows.bulkPut(seed);
  // Every server read fails: the profile is drawn from the device database alone.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', error: 'no' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  // Not started: the outbox keeps what the screen queues, for the test to read.
  const sync = new SyncClient({ db });
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
        Component: () => (
          <SyncContext.Provider value={sync}>
            <LiveContext.Provider value={live}>
              <Outlet />
            </LiveContext.Provider>
          </SyncContext.Provider>
        ),
        children: [{ path: 'owner/profile', Component: OwnerProfileScreen }],
      },
    ],
    { initialEntries: ['/owner/profile'] },
  );
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1, name: x.navProfile });
  await screen.findByRole('region', { name: t.profileVenueSection });
  return { db };
}

export const outbox = (db: ComandaDb): Promise<OutboxEntry[]> => db.outbox.orderBy('mutationId').toArray();

/** What the replayer does once the server answered: the entry is acked (or refused). */
export async function judge(db: ComandaDb, mutationId: number, refusal?: string) {
  await act(async () => {
    await db.outbox.update(
      mutationId,
      refusal
        ? { status: 'refused', error: refusal, errorCode: 'VALIDATION' }
        : { status: 'acked', ackVersion: 6, ackedAt: Date.now() },
    );
  });
}

export async function press(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

export async function type(input: HTMLElement, value: string) {
  await act(async () => {
    fireEvent.change(input, { target: { value } });
  });
}
