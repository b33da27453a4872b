import { type OrderRow, type ReservationLine, t } from '@comanda/shared-schema';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerRow } from '../../data/db.ts';
import { BIZ, press, renderOwnerScreen } from '../../test/owner-screen.tsx';
import OwnerHomeScreen from './index.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const order: OrderRow = {
  id: 'o1',
  tableId: 't1',
  number: 1,
  accettato: 1,
  isCalled: false,
  businessId: BIZ,
  status: 1,
};
const line: ReservationLine = {
  id: 'l1',
  tableId: 't1',
  dishId: null,
  name: 'Paccheri',
  price: 1200,
  amount: 2,
  variant: [],
  selected_option: 'cucina',
  status: 'preparation',
  printed: 0,
  accettato: 1,
  lastUpdate: '2026-11-26T19:00:00.000Z',
};
const seed: ServerRow[] = [
  { entity: 'order', entityId: order.id, data: order },
  { entity: 'line', entityId: line.id, data: line },
];

const tile = (label: string) => screen.getByRole('link', { name: new RegExp(label) });

const renderHome = (synced: boolean, search = '') =>
  renderOwnerScreen({
    path: `/owner/home${search}`,
    seed,
    synced,
    routes: [{ path: 'owner/home', Component: OwnerHomeScreen }],
  });

describe('/owner/home: the day at a glance', () => {
  it("values the device's open orders once it holds the venue", async () => {
    await renderHome(true);
    expect((await screen.findByRole('link', { name: /Ordini aperti/ })).textContent).toContain('24,00 €');
    expect(tile(t.openTablesLabel).textContent).toBe(`1${t.openTablesLabel}`);
  });

  it("says '…', not zero, while the device has not received the venue yet", async () => {
    const { db } = await renderHome(false);
    // The first sync is asked for and fails here (every call answers 404): the figures stay unknown.
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await screen.findByRole('heading', { name: t.todayGlance });
    expect(tile(t.openOrdersValue).textContent).toBe(`…${t.openOrdersValue}`);
    expect(tile(t.openTablesLabel).textContent).toBe(`…${t.openTablesLabel}`);
    expect(tile(t.pendingDeliveriesLabel).textContent).toBe(`…${t.pendingDeliveriesLabel}`);
    // Once the snapshot lands, the figures show.
    await act(async () => {
      await db.meta.update('sync', { synced: true });
    });
    expect((await screen.findByRole('link', { name: /24,00 €/ })).textContent).toContain(t.openOrdersValue);
  });

  it("says why a customer link opened it instead (spec 1: the owner's switch could not be made)", async () => {
    await renderHome(true, '?reason=owner-switch-pending');
    expect((await screen.findByRole('alert')).textContent).toBe(`${t.ownerSwitchPending}${t.close}`);
    cleanup();
    const { router } = await renderHome(true, '?reason=owner-switch-offline');
    expect((await screen.findByRole('alert')).textContent).toBe(`${t.ownerSwitchOffline}${t.close}`);
    // 'Chiudi' closes it, and takes the reason out of the address (a reload would not show it).
    await press(within(screen.getByRole('alert')).getByRole('button', { name: t.close }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.state.location.search).toBe('');
    cleanup();
    await renderHome(true);
    await screen.findByRole('heading', { name: t.todayGlance });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
