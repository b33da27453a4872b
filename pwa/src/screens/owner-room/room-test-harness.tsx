import { type BusinessRow, type RoomTable, t } from '@comanda/shared-schema';
import { screen } from '@testing-library/react';
import type { vi } from 'vitest';
import { SnackbarProvider } from '../../components/snackbar.tsx';
import type { ComandaDb, ServerRow } from '../../data/db.ts';
import type { LiveConnection } from '../../live/connection.ts';
import { customerStandInRoute } from '../../owner-switch/customer-stand-in.tsx';
import { BIZ, json, press, renderOwnerScreen } from '../../test/owner-screen.tsx';
import { x } from '../../texts-extra.ts';
import OwnerRoomScreen from './index.tsx';

// The room screen under test, as test/owner-screen.tsx hosts an owner screen.

export { BIZ, outbox, press, type } from '../../test/owner-screen.tsx';
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

export async function renderRoom(
  opts: { version?: 1 | 2 | 3; seed?: ServerRow[]; statusGate?: Promise<void> } = {},
): Promise<Harness> {
  const { db, live, fetch } = await renderOwnerScreen({
    path: '/owner/room',
    seed: opts.seed ?? rows,
    routes: [{ path: 'owner/room', Component: OwnerRoomScreen }, customerStandInRoute],
    fetch: async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://comanda.test').pathname;
      if (path === '/api/user/dataUser/get') return json({ success: true, version: opts.version ?? 1 });
      if (path === '/api/tables/owner/setStatus') {
        await opts.statusGate;
        return json({ success: true }, 200, { 'x-comanda-version': '6' });
      }
      return json({ success: false, code: 'NOT_FOUND', error: 'no' }, 404);
    },
    // As the app's root layout: quick confirmations show in the snackbar.
    wrap: (router) => <SnackbarProvider>{router}</SnackbarProvider>,
  });
  await screen.findByRole('tablist', { name: x.roomTabsLabel });
  return { db, live, fetch };
}

export async function openManageRooms() {
  await press(screen.getByRole('button', { name: t.manageRooms }));
  return screen.findByRole('dialog', { name: t.manageRooms });
}
