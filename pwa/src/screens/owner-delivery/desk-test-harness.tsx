import type { OrderRow, ReservationLine, UserSession, Variant } from '@comanda/shared-schema';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { SnackbarProvider } from '../../components/snackbar.tsx';
import { ComandaDb, type ServerRow } from '../../data/db.ts';
import { resetServerClock } from '../../data/server-clock.ts';
import { LiveConnection } from '../../live/connection.ts';
import { customerStandInRoute } from '../../owner-switch/customer-stand-in.tsx';
import type { GuardedSession } from '../../session/session.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { BIZ, OwnerProviders } from '../../test/owner-screen.tsx';
import { ownerSyncClient } from '../../test/owner-sync.ts';
import { freshDbName } from '../../test/sync-fixture.ts';
import OwnerDeliveryScreen from './index.tsx';

// Test-only module of the desk's screen tests (they mock data/sound.ts themselves).

/**
 * The desk's evening: 20:30 in Rome. Its 'today' is the service day, which starts at 04:00, so
 * fixtures made relative to the real clock failed when the suite ran in the small hours; the
 * desk reads this instant through the server clock's offset (renderDesk sets it).
 */
export const DESK_NOW = Date.parse('2025-07-15T20:30:00+02:00');
/** An instant `n` minutes before the desk's evening. */
export const minutesAgo = (n: number) => new Date(DESK_NOW - n * 60_000).toISOString();

/** A pending Consegna for Lucia: 2 Margherita Maxi (5,00 € each) and a Birra (4,50 €), 2,50 € fee. */
export const lucia: OrderRow = {
  id: 'd1',
  tableId: null,
  deliveryId: 'd1',
  tipo: 'Consegna',
  nome: 'Lucia',
  cognome: 'Bianchi',
  telefono: '3331234567',
  email: 'lucia@example.it',
  indirizzo: 'Via Roma 1',
  comune: 'Avella',
  noteConsegna: 'citofono Bianchi',
  orario: '20:00',
  accettato: 0,
  isCalled: false,
  businessId: BIZ,
  status: 1,
  paymentIntentId: null,
  costoConsegna: 250,
  statusPay: 0,
  createdAt: minutesAgo(5),
  primaPossibile: false,
};
/** An older pending Ritiro for Mario, 'Prima possibile', assigned 19:45. */
export const mario: OrderRow = {
  ...lucia,
  id: 'd2',
  deliveryId: 'd2',
  tipo: 'Ritiro',
  nome: 'Mario',
  cognome: null,
  telefono: null,
  email: null,
  indirizzo: null,
  comune: null,
  noteConsegna: null,
  orario: '19:45',
  costoConsegna: 0,
  createdAt: minutesAgo(20),
  primaPossibile: true,
};
/** Accepted today, still open, paid. */
export const anna: OrderRow = {
  ...lucia,
  id: 'd3',
  deliveryId: 'd3',
  nome: 'Anna',
  cognome: 'Verdi',
  orario: '19:30',
  accettato: 1,
  statusPay: 1,
  createdAt: minutesAgo(40),
};
/** Accepted three days ago and never completed: the dashboard's business, not today's desk. */
export const old: OrderRow = {
  ...anna,
  id: 'd4',
  deliveryId: 'd4',
  nome: 'Vecchio',
  createdAt: minutesAgo(3 * 1440),
};
/** A table's order: never on the desk. */
export const tableOrder: OrderRow = {
  id: 'o1',
  tableId: 'T1',
  number: 3,
  accettato: 1,
  isCalled: false,
  businessId: BIZ,
  status: 1,
};

export function dline(id: string, deliveryId: string, name: string, over: Partial<ReservationLine> = {}) {
  return {
    id,
    tableId: null,
    deliveryId,
    dishId: null,
    name,
    price: 500,
    amount: 1,
    variant: [],
    selected_option: 'cucina',
    status: 'preparation',
    printed: 0,
    accettato: 0,
    lastUpdate: new Date().toISOString(),
    ...over,
  } satisfies ReservationLine;
}

const maxi: Variant = {
  id: 'v1',
  name: 'Formato',
  multi: 0,
  position: 0,
  options: [],
  selected: { id: 'o', label: 'Maxi', price: 0 },
};

export const seed: ServerRow[] = [
  ...[lucia, mario, anna, old, tableOrder].map((o) => ({ entity: 'order', entityId: o.id, data: o })),
  ...[
    dline('l1', 'd1', 'Margherita', { amount: 2, variant: [maxi], note: 'ben cotta' }),
    dline('l2', 'd1', 'Birra', { price: 450, selected_option: 'bar' }),
    dline('l3', 'd2', 'Patatine', { price: 300, selected_option: 'fritti' }),
    dline('l4', 'd3', 'Tiramisù', { accettato: 1 }),
    dline('l5', 'd4', 'Caffè', { accettato: 1 }),
  ].map((l) => ({ entity: 'line', entityId: l.id, data: l })),
];

const session: UserSession = { id: 'owner-1', type: 'owner', name: 'Demo', valid: true, businessId: BIZ };

/** The server as the desk's reads see it: every call 404 unless `answer` knows its path. */
export type FakeServer = (path: string, init?: RequestInit) => unknown;

export async function renderDesk(extra: ServerRow[] = [], answer?: FakeServer) {
  localStorage.setItem('serverClockOffset', String(DESK_NOW - Date.now()));
  resetServerClock();
  const db = new ComandaDb(freshDbName());
  await db.meta.put({
    key: 'sync',
    clientId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    nextMutationId: 1,
    lastVersion: 7,
    synced: true,
  });
  await db.serverRows.bulkPut([...seed, ...extra]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = answer?.(String(url), init);
      if (body !== undefined) return new Response(JSON.stringify(body), { status: 200 });
      return new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', error: 'no' }), {
        status: 404,
      });
    }),
  );
  // Not started: the outbox keeps what the screen queues, for the test to read.
  const sync = ownerSyncClient(db);
  sync.version$.next(7);
  const live = new LiveConnection({
    url: 'ws://comanda.test/live',
    WebSocket: FakeSocket as unknown as new (url: string) => WebSocket,
  });
  live.start();
  const router = createMemoryRouter(
    [
      {
        id: 'owner',
        path: '/',
        loader: (): GuardedSession => ({ session, offline: false }),
        HydrateFallback: () => null,
        Component: () => <OwnerProviders sync={sync} live={live} />,
        children: [
          { path: 'owner/delivery', Component: OwnerDeliveryScreen },
          { path: 'owner/reservation/:ownerId', Component: () => <h1>phone order form</h1> },
          customerStandInRoute,
        ],
      },
    ],
    { initialEntries: ['/owner/delivery'] },
  );
  // As the app's root layout: quick confirmations show in the snackbar.
  render(
    <SnackbarProvider>
      <RouterProvider router={router} />
    </SnackbarProvider>,
  );
  await screen.findByRole('heading', { name: /Da accettare/ });
  return { db, live, sync, router };
}
