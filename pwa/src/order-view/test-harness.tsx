import type { BusinessRow, OrderRow, ReservationLine, RoomTable } from '@comanda/shared-schema';
import { act, fireEvent, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ComandaDb, type OutboxEntry, type ServerRow } from '../data/db.ts';
import { SyncContext } from '../data/hooks.ts';
import { ownerSyncClient } from '../test/owner-sync.ts';
import { freshDbName } from '../test/sync-fixture.ts';

// jsdom has no CSS.escape; react-aria's modal reads a meta tag with it.
if (!globalThis.CSS?.escape) {
  const cssEscape = (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);
  Object.assign(globalThis, { CSS: { ...globalThis.CSS, escape: cssEscape } });
}

export const BIZ = '99999999-9999-4999-8999-999999999999';
export const T1 = '33333333-3333-4333-8333-333333333333';
export const T2 = '44444444-4444-4444-8444-444444444444';
export const ORDER = '55555555-5555-4555-8555-555555555555';
export const L1 = '11111111-1111-4111-8111-111111111111';
export const L2 = '22222222-2222-4222-8222-222222222222';

export const business: BusinessRow = {
  id: BIZ,
  name: 'Trattoria Da Mario',
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

export function tableRow(id: string, number: number): RoomTable {
  return { id, businessId: BIZ, roomId: 'r1', number, x: 0, y: 0, status: false };
}

export const order: OrderRow = {
  id: ORDER,
  tableId: T1,
  deliveryId: null,
  number: 4,
  accettato: 1,
  isCalled: false,
  businessId: BIZ,
  status: 1,
  paymentIntentId: null,
  sconto: 0,
};

export function line(
  id: string,
  name: string,
  price: number,
  amount: number,
  extra: Partial<ReservationLine> = {},
): ReservationLine {
  return {
    id,
    tableId: T1,
    deliveryId: null,
    dishId: 'd1',
    name,
    price,
    amount,
    variant: [],
    note: null,
    selected_option: 'cucina',
    status: 'preparation',
    printed: 0,
    accettato: 1,
    lastUpdate: '2026-01-01T12:00:00.000Z',
    ...extra,
  };
}

export const seed: ServerRow[] = [
  { entity: 'business', entityId: BIZ, data: business },
  { entity: 'table', entityId: T1, data: tableRow(T1, 4) },
  { entity: 'table', entityId: T2, data: tableRow(T2, 7) },
  { entity: 'order', entityId: ORDER, data: order },
  { entity: 'line', entityId: L1, data: line(L1, 'Margherita', 800, 2) },
  { entity: 'line', entityId: L2, data: line(L2, 'Birra', 500, 1, { selected_option: 'bar' }) },
];

/** A seeded device database and an unstarted sync client: what is queued stays in the outbox. */
export async function renderWithSync(ui: ReactNode, rows: ServerRow[] = seed) {
  const db = new ComandaDb(freshDbName());
  await db.meta.put({
    key: 'sync',
    clientId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    nextMutationId: 1,
    lastVersion: 5,
    synced: true,
  });
  await db.serverRows.bulkPut(rows);
  const sync = ownerSyncClient(db);
  const view = render(<SyncContext.Provider value={sync}>{ui}</SyncContext.Provider>);
  return { db, sync, view };
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
