import {
  type BusinessRow,
  type OrderRow,
  type ReservationLine,
  type RoomTable,
  t,
} from '@comanda/shared-schema';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useParams } from 'react-router';
import { vi } from 'vitest';
import { ComandaDb, type OutboxEntry, type ServerRow } from '../../data/db.ts';
import { SyncContext } from '../../data/hooks.ts';
import { SyncClient } from '../../data/sync-client.ts';
import { LiveConnection } from '../../live/connection.ts';
import { LiveContext } from '../../live/use-live.ts';
import { customerStandInRoute } from '../../owner-switch/customer-stand-in.tsx';
import { freshDbName } from '../../test/sync-fixture.ts';
import { x } from '../../texts-extra.ts';
import OwnerTablesScreen from './index.tsx';

// The tables list under test: a seeded device database, an unstarted sync client and socket.

// jsdom has no CSS.escape; react-aria's modal reads a meta tag with it.
if (!globalThis.CSS?.escape) {
  const cssEscape = (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);
  Object.assign(globalThis, { CSS: { ...globalThis.CSS, escape: cssEscape } });
}

export const BIZ = '99999999-9999-4999-8999-999999999999';
export const SALA = '11111111-1111-4111-8111-111111111111';
export const DEHORS = '22222222-2222-4222-8222-222222222222';
const MIN = 60_000;

export const business: BusinessRow = {
  id: BIZ,
  name: 'Trattoria',
  costoConsegna: 250,
  openingTime: '10:00',
  closingTime: '23:00',
  openConsegna: '18:00',
  closeConsegna: '22:00',
  abilitaConsegna: 1,
  orderEnabled: 1,
  chatEnabled: 0,
  is_closed: 0,
  messaggioChiusura: null,
};

/** An instant `minutes` ago (and 10 s more, so the whole minutes read exactly `minutes`). */
export const ago = (minutes: number) => new Date(Date.now() - minutes * MIN - 10_000).toISOString();

export function table(n: number, roomId: string, extra: Partial<RoomTable> = {}): ServerRow {
  const data: RoomTable = {
    id: `t${n}`,
    businessId: BIZ,
    roomId,
    number: n,
    x: 10 * n,
    y: 70,
    status: false,
    ...extra,
  };
  return { entity: 'table', entityId: data.id, data };
}

export function order(tableNumber: number, extra: Partial<OrderRow> = {}): ServerRow {
  const data: OrderRow = {
    id: `o${tableNumber}`,
    tableId: `t${tableNumber}`,
    number: tableNumber,
    accettato: 1,
    isCalled: false,
    businessId: BIZ,
    status: 1,
    ...extra,
  };
  return { entity: 'order', entityId: data.id, data };
}

export function line(
  id: string,
  tableNumber: number,
  price: number,
  amount: number,
  minutesAgo: number,
): ServerRow {
  const data: ReservationLine = {
    id,
    tableId: `t${tableNumber}`,
    dishId: null,
    name: `Piatto ${id}`,
    price,
    amount,
    variant: [],
    selected_option: 'cucina',
    status: 'preparation',
    printed: 0,
    accettato: 1,
    lastUpdate: ago(0),
    createdAt: ago(minutesAgo),
  };
  return { entity: 'line', entityId: id, data };
}

/**
 * Two rooms: Sala with tables 1, 2, 10 and Dehors with 3. Table 2 is open for 25 minutes
 * (2 x 8,00 € and 3,50 €, 1,50 € off: 18,00 €); table 3 is open and calling the waiter.
 */
export const rows: ServerRow[] = [
  { entity: 'business', entityId: BIZ, data: business },
  { entity: 'room', entityId: SALA, data: { id: SALA, name: 'Sala', position: 1 } },
  { entity: 'room', entityId: DEHORS, data: { id: DEHORS, name: 'Dehors', position: 2 } },
  table(1, SALA),
  table(2, SALA, { status: true }),
  table(10, SALA),
  table(3, DEHORS, { status: true, called: true }),
  order(2, { sconto: 150, createdAt: ago(25) }),
  line('l1', 2, 800, 2, 25),
  line('l2', 2, 350, 1, 4),
  order(3, { createdAt: ago(3) }),
  line('l3', 3, 500, 1, 3),
];

export interface Harness {
  db: ComandaDb;
  router: ReturnType<typeof createMemoryRouter>;
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** What the owner's 'Ordina' opens, standing in for the ordering screen. */
function OrderingStandIn() {
  const { ownerId, tableId } = useParams();
  return <p>{`ordering ${ownerId} ${tableId}`}</p>;
}

export async function renderTables(opts: { seed?: ServerRow[] } = {}): Promise<Harness> {
  const db = new ComandaDb(freshDbName());
  await db.meta.put({
    key: 'sync',
    clientId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    nextMutationId: 1,
    lastVersion: 5,
    synced: true,
  });
  await db.serverRows.bulkPut(opts.seed ?? rows);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ success: false, code: 'NOT_FOUND', error: 'no' }, 404)),
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
        children: [
          { path: 'owner/tables', Component: OwnerTablesScreen },
          { path: 'owner/reservation/:ownerId/:tableId', Component: OrderingStandIn },
          customerStandInRoute,
        ],
      },
    ],
    { initialEntries: ['/owner/tables'] },
  );
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1, name: x.navTables });
  // Loaded once the summary of occupied tables shows.
  await screen.findByText(new RegExp(`^${t.glanceBusyTables}`));
  return { db, router };
}

export const outbox = (db: ComandaDb): Promise<OutboxEntry[]> => db.outbox.orderBy('mutationId').toArray();

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
