import type { OrderRow, ReservationLine } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComandaDb, type ServerRow } from '../../data/db.ts';
import { SyncContext } from '../../data/hooks.ts';
import { SyncClient } from '../../data/sync-client.ts';
import { LiveConnection } from '../../live/connection.ts';
import { LiveContext } from '../../live/use-live.ts';
import { freshDbName } from '../../test/sync-fixture.ts';
import OwnerDashboardScreen from './index.tsx';
import { beep } from './sound.ts';

vi.mock('./sound.ts', () => ({ beep: vi.fn() }));

/** A WebSocket the test drives: the server says `connect`, then whatever frames the test pushes. */
class FakeSocket {
  static last: FakeSocket | null = null;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = 1;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
    setTimeout(() => this.push('connect', { socketId: 'sock-1' }), 0);
  }
  push(event: string, data: unknown) {
    this.onmessage?.({ data: JSON.stringify({ event, data }) } as MessageEvent);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}

// jsdom has no CSS.escape; react-aria's modal reads a meta tag with it.
if (!globalThis.CSS?.escape) {
  const cssEscape = (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);
  Object.assign(globalThis, { CSS: { ...globalThis.CSS, escape: cssEscape } });
}

const BIZ = '99999999-9999-4999-8999-999999999999';
const order: OrderRow = {
  id: 'o1',
  tableId: 'T1',
  number: 3,
  accettato: 1,
  isCalled: false,
  businessId: BIZ,
  status: 1,
  createdAt: new Date(Date.now() - 6 * 60_000).toISOString(),
};
function line(id: string, name: string, over: Partial<ReservationLine> = {}): ReservationLine {
  return {
    id,
    tableId: 'T1',
    dishId: null,
    name,
    price: 500,
    amount: 1,
    variant: [],
    selected_option: 'cucina',
    status: 'preparation',
    printed: 0,
    accettato: 1,
    lastUpdate: new Date().toISOString(),
    ...over,
  };
}
const seed: ServerRow[] = [
  { entity: 'order', entityId: 'o1', data: order },
  { entity: 'line', entityId: 'l1', data: line('l1', 'Carbonara') },
  { entity: 'line', entityId: 'l2', data: line('l2', 'Spritz', { selected_option: 'bar' }) },
];

async function renderDashboard(path = '/owner/dashboard') {
  const db = new ComandaDb(freshDbName());
  await db.meta.put({
    key: 'sync',
    clientId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    nextMutationId: 1,
    lastVersion: 5,
    synced: true,
  });
  await db.serverRows.bulkPut(seed);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', error: 'no' }), { status: 404 }),
    ),
  );
  // Not started: the outbox keeps what the screen queues, for the test to read.
  const sync = new SyncClient({ db });
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
        Component: () => (
          <SyncContext.Provider value={sync}>
            <LiveContext.Provider value={live}>
              <Outlet />
            </LiveContext.Provider>
          </SyncContext.Provider>
        ),
        children: [{ path: 'owner/dashboard', Component: OwnerDashboardScreen }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { name: 'Tavolo 3' });
  return { db, live };
}

async function press(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

afterEach(() => {
  cleanup();
  vi.mocked(beep).mockClear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('owner dashboard', () => {
  it('shows the ticket with its age and advances a line with a tap, through the outbox', async () => {
    const { db } = await renderDashboard();
    expect(screen.getByText('6 min')).toBeTruthy();
    await press(screen.getByRole('button', { name: /Carbonara In preparazione/ }));
    await screen.findByRole('button', { name: /Carbonara Pronto/ });
    const queued = await db.outbox.toArray();
    expect(queued.map((e) => [e.name, e.body])).toEqual([
      ['dashboardStatusSet', { id: 'l1', status: 'ready' }],
    ]);
  });

  it('filters by kitchen area and remembers the choice', async () => {
    await renderDashboard();
    const group = screen.getByRole('radiogroup', { name: 'Reparto' });
    await press(within(group).getByRole('radio', { name: 'bar' }));
    await screen.findByRole('button', { name: /Spritz/ });
    expect(screen.queryByRole('button', { name: /Carbonara/ })).toBeNull();
    expect(localStorage.getItem('kitchenFilter')).toBe('bar');
  });

  it('completes after confirmation with the version the tablet saw, and the ticket leaves', async () => {
    const { db } = await renderDashboard();
    await press(screen.getByRole('button', { name: 'Completa Tavolo 3' }));
    const dialog = await screen.findByRole('alertdialog');
    await press(within(dialog).getByRole('button', { name: 'Conferma' }));
    await screen.findByText('Nessun ordine aperto.');
    const [queued] = await db.outbox.toArray();
    expect(queued?.name).toBe('dashboardTableHistory');
    expect(queued?.body).toMatchObject({ totaleOrdine: 1000, totalePagato: 1000, seenVersion: 5 });
  });

  it("opens the order view with 'Visualizza' and the table picker with 'Fuori menu'", async () => {
    await renderDashboard();
    await press(screen.getByRole('button', { name: 'Visualizza Tavolo 3' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    cleanup();
    await renderDashboard();
    await press(screen.getByRole('button', { name: 'Fuori menu' }));
    expect(await screen.findByRole('dialog', { name: 'Fuori menu' })).toBeTruthy();
  });

  it('rings for a live order only when an unprinted accepted line matches the filter', async () => {
    localStorage.setItem('kitchenFilter', 'bar');
    const { live } = await renderDashboard();
    await waitFor(() => expect(live.socketId).toBe('sock-1'));
    const table = { ...order, reservations: [line('l9', 'Tiramisù')] };
    await act(async () => FakeSocket.last?.push('order', { table }));
    expect(beep).not.toHaveBeenCalled();
    const bar = { ...order, reservations: [line('l8', 'Negroni', { selected_option: 'bar' })] };
    await act(async () => FakeSocket.last?.push('order', { table: bar }));
    expect(beep).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Nuovo ordine: Tavolo 3')).toBeTruthy();
    live.stop();
  });

  it('opens in kitchen mode from the address', async () => {
    await renderDashboard('/owner/dashboard?kitchen=1');
    expect(screen.getByRole('button', { name: 'Schermo cucina' }).getAttribute('aria-pressed')).toBe('true');
  });
});
