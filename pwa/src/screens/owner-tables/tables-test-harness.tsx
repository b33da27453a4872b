import {
  type BusinessRow,
  type OrderRow,
  type ReservationLine,
  type RoomTable,
  t,
} from '@comanda/shared-schema';
import { screen } from '@testing-library/react';
import { useParams } from 'react-router';
import type { ComandaDb, ServerRow } from '../../data/db.ts';
import { customerStandInRoute } from '../../owner-switch/customer-stand-in.tsx';
import { BIZ, type OwnerScreen, renderOwnerScreen } from '../../test/owner-screen.tsx';
import { x } from '../../texts-extra.ts';
import OwnerTablesScreen from './index.tsx';

// The tables list under test, as test/owner-screen.tsx hosts an owner screen.

export { BIZ, outbox, press, type } from '../../test/owner-screen.tsx';
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
  router: OwnerScreen['router'];
}

/** What the owner's 'Ordina' opens, standing in for the ordering screen. */
function OrderingStandIn() {
  const { ownerId, tableId } = useParams();
  return <p>{`ordering ${ownerId} ${tableId}`}</p>;
}

export async function renderTables(opts: { seed?: ServerRow[] } = {}): Promise<Harness> {
  const { db, router } = await renderOwnerScreen({
    path: '/owner/tables',
    seed: opts.seed ?? rows,
    routes: [
      { path: 'owner/tables', Component: OwnerTablesScreen },
      { path: 'owner/reservation/:ownerId/:tableId', Component: OrderingStandIn },
      customerStandInRoute,
    ],
  });
  await screen.findByRole('heading', { level: 1, name: x.navTables });
  // Loaded once the summary of occupied tables shows.
  await screen.findByText(new RegExp(`^${t.glanceBusyTables}`));
  return { db, router };
}
