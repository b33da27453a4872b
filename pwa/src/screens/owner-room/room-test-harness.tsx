import { type BusinessRow, type RoomTable, t } from '@comanda/shared-schema';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { SnackbarProvider } from '../../components/snackbar.tsx';
import { ComandaDb, type OutboxEntry, type ServerRow } from '../../data/db.ts';
import { SyncContext } from '../../data/hooks.ts';
import { SyncClient } from '../../data/sync-client.ts';
import { LiveConnection } from '../../live/connection.ts';
import { LiveContext } from '../../live/use-live.ts';
import { customerStandInRoute } from '../../owner-switch/customer-stand-in.tsx';
import { freshDbName } from '../../test/sync-fixture.ts';
import { x } from '../../texts-extra.ts';
import OwnerRoomScreen from './index.tsx';

// The room screen under test: a seeded device database, an unstarted sync client and socket.

// jsdom has no CSS.escape; react-aria's modal reads a meta tag with it.
if (!globalThis.CSS?.escape) {
  const cssEscape = (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);
  Object.assign(globalThis, { CSS: { ...globalThis.CSS, escape: cssEscape } });
}

export const BIZ = '99999999-9999-4999-8999-999999999999';
export const SALA = '11111111-1111-4111-8111-111111111111';
export const TERRAZZA = '22222222-2222-4222-8222-222222222222';

export const business: BusinessRow = {
  id: BIZ,
  name: 'Trattoria',
  costoConsegna: 0,
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

export function table(n: number, roomId: string, x: number, y: number, status = false): RoomTable {
  return { id: `t${n}`, businessId: BIZ, roomId, number: n, x, y, status };
}

export const rows: ServerRow[] = [
  { entity: 'business', entityId: BIZ, data: business },
  { entity: 'room', entityId: SALA, data: { id: SALA, name: 'Sala', position: 1 } },
  { entity: 'room', entityId: TERRAZZA, data: { id: TERRAZZA, name: 'Terrazza', position: 2 } },
  { entity: 'table', entityId: 't1', data: table(1, SALA, 100, 100) },
  { entity: 'table', entityId: 't2', data: table(2, SALA, 1900, 300, true) },
];

export interface Harness {
  db: ComandaDb;
  live: LiveConnection;
  fetch: ReturnType<typeof vi.fn>;
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export async function renderRoom(
  opts: { version?: 1 | 2 | 3; seed?: ServerRow[]; statusGate?: Promise<void> } = {},
): Promise<Harness> {
  const db = new ComandaDb(freshDbName());
  await db.meta.put({
    key: 'sync',
    clientId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    nextMutationId: 1,
    lastVersion: 5,
    synced: true,
  });
  await db.serverRows.bulkPut(opts.seed ?? rows);
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://comanda.test').pathname;
    if (path === '/api/user/dataUser/get') return json({ success: true, version: opts.version ?? 1 });
    if (path === '/api/tables/owner/setStatus') {
      await opts.statusGate;
      return json({ success: true }, 200, { 'x-comanda-version': '6' });
    }
    return json({ success: false, code: 'NOT_FOUND', error: 'no' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
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
        children: [{ path: 'owner/room', Component: OwnerRoomScreen }, customerStandInRoute],
      },
    ],
    { initialEntries: ['/owner/room'] },
  );
  // As the app's root layout: quick confirmations show in the snackbar.
  render(
    <SnackbarProvider>
      <RouterProvider router={router} />
    </SnackbarProvider>,
  );
  await screen.findByRole('tablist', { name: x.roomTabsLabel });
  return { db, live, fetch };
}

export const outbox = (db: ComandaDb): Promise<OutboxEntry[]> => db.outbox.orderBy('mutationId').toArray();

export async function press(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

export async function openManageRooms() {
  await press(screen.getByRole('button', { name: t.manageRooms }));
  return screen.findByRole('dialog', { name: t.manageRooms });
}

export async function type(input: HTMLElement, value: string) {
  await act(async () => {
    fireEvent.change(input, { target: { value } });
  });
}
