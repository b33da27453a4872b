import type { OrderRow, ReservationLine } from '@comanda/shared-schema';
import { reservationLine } from '@comanda/shared-schema/testing';
import { act, fireEvent, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ComandaDb, type ServerRow } from '../../data/db.ts';
import { SyncContext } from '../../data/hooks.ts';
import { ownerSyncClient } from '../../test/owner-sync.ts';
import { freshDbName } from '../../test/sync-fixture.ts';
import KitchenDisplayScreen from './index.tsx';

// Test-only module of the kitchen display's screen tests.

export const BIZ = '99999999-9999-4999-8999-999999999999';
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
/** When the table's first round arrived: six minutes ago. */
export const FIRST_ROUND = minutesAgo(6);

export const order: OrderRow = {
  id: 'o1',
  tableId: 'T1',
  number: 3,
  accettato: 1,
  isCalled: false,
  businessId: BIZ,
  status: 1,
  createdAt: FIRST_ROUND,
};

export function line(id: string, name: string, over: Partial<ReservationLine> = {}): ReservationLine {
  return reservationLine(id, { name, price: 1250, lastUpdate: FIRST_ROUND, createdAt: FIRST_ROUND, ...over });
}

export const row = (entity: 'order' | 'line', data: OrderRow | ReservationLine): ServerRow => ({
  entity,
  entityId: data.id,
  data,
});

export const seed: ServerRow[] = [
  row('order', order),
  row('line', line('l1', 'Carbonara', { note: 'Senza pepe' })),
  row('line', line('l2', 'Amatriciana')),
  row('line', line('l3', 'Spritz', { selected_option: 'bar' })),
];

/** The kitchen display on a device database holding `rows`, its outbox not sent (for the test to read). */
export async function renderKitchen(rows: ServerRow[] = seed) {
  const db = new ComandaDb(freshDbName());
  await db.meta.put({
    key: 'sync',
    clientId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    nextMutationId: 1,
    lastVersion: 5,
    synced: true,
  });
  await db.serverRows.bulkPut(rows);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', error: 'no' }), { status: 404 }),
    ),
  );
  const sync = ownerSyncClient(db);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: () => (
          <SyncContext.Provider value={sync}>
            <Outlet />
          </SyncContext.Provider>
        ),
        children: [
          { path: 'owner/kitchen', Component: KitchenDisplayScreen },
          { path: 'owner/dashboard', Component: () => <h1>dashboard screen</h1> },
        ],
      },
    ],
    { initialEntries: ['/owner/kitchen'] },
  );
  render(<RouterProvider router={router} />);
  return { db, sync, router };
}

/** What the screen queued in the outbox: each call and its body. */
export async function queued(db: ComandaDb): Promise<Array<[string, unknown]>> {
  return (await db.outbox.toArray()).map((e) => [e.name, e.body]);
}

export async function press(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}
