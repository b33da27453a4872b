import type { OrderRow, ReservationLine } from '@comanda/shared-schema';
import { reservationLine } from '@comanda/shared-schema/testing';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ComandaDb, type ServerRow } from '../../data/db.ts';
import { LiveConnection } from '../../live/connection.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { OwnerProviders } from '../../test/owner-screen.tsx';
import { ownerSyncClient } from '../../test/owner-sync.ts';
import { freshDbName } from '../../test/sync-fixture.ts';
import OwnerDashboardScreen from './index.tsx';

// Test-only module of the dashboard's screen tests (they mock data/sound.ts themselves).

// jsdom has no CSS.escape; react-aria's modal reads a meta tag with it.
if (!globalThis.CSS?.escape) {
  const cssEscape = (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);
  Object.assign(globalThis, { CSS: { ...globalThis.CSS, escape: cssEscape } });
}

export const BIZ = '99999999-9999-4999-8999-999999999999';
export const order: OrderRow = {
  id: 'o1',
  tableId: 'T1',
  number: 3,
  accettato: 1,
  isCalled: false,
  businessId: BIZ,
  status: 1,
  createdAt: new Date(Date.now() - 6 * 60_000).toISOString(),
};
export function line(id: string, name: string, over: Partial<ReservationLine> = {}): ReservationLine {
  return reservationLine(id, { name, price: 500, lastUpdate: new Date().toISOString(), ...over });
}
export const seed: ServerRow[] = [
  { entity: 'order', entityId: 'o1', data: order },
  { entity: 'line', entityId: 'l1', data: line('l1', 'Carbonara') },
  { entity: 'line', entityId: 'l2', data: line('l2', 'Spritz', { selected_option: 'bar' }) },
];

export async function renderDashboard(
  path = '/owner/dashboard',
  extra: ServerRow[] = [],
  /** The heading to wait for: the seeded ticket's, unless the address leads elsewhere. */
  ready = 'Tavolo 3',
) {
  const db = new ComandaDb(freshDbName());
  await db.meta.put({
    key: 'sync',
    clientId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    nextMutationId: 1,
    lastVersion: 5,
    synced: true,
  });
  await db.serverRows.bulkPut([...seed, ...extra]);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', error: 'no' }), { status: 404 }),
    ),
  );
  // Not started: the outbox keeps what the screen queues, for the test to read.
  const sync = ownerSyncClient(db);
  sync.version$.next(5);
  const live = new LiveConnection({
    url: 'ws://comanda.test/live',
    WebSocket: FakeSocket as unknown as new (url: string) => WebSocket,
  });
  live.start();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: () => <OwnerProviders sync={sync} live={live} />,
        children: [
          { path: 'owner/dashboard', Component: OwnerDashboardScreen },
          { path: 'owner/delivery', Component: () => <h1>delivery screen</h1> },
          { path: 'owner/kitchen', Component: () => <h1>kitchen screen</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { name: ready });
  return { db, live, sync };
}

export async function press(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}
