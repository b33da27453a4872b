import type { BusinessRow, OrderRow, RoomTable } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerRow } from '../../data/db.ts';
import { beep } from '../../data/sound.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { BIZ, order, press, renderDashboard } from './dashboard-test-harness.tsx';

vi.mock('../../data/sound.ts', () => ({ beep: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.mocked(beep).mockClear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function table(id: string, n: number, called: boolean): ServerRow {
  const data: RoomTable = { id, businessId: BIZ, roomId: 'R1', number: n, x: 0, y: 0, status: false, called };
  return { entity: 'table', entityId: id, data };
}

const business: BusinessRow = {
  id: BIZ,
  name: 'Da Mario',
  costoConsegna: 0,
  openingTime: '18:00',
  closingTime: '02:00',
  openConsegna: '18:00',
  closeConsegna: '23:00',
  abilitaConsegna: 1,
  orderEnabled: 1,
  chatEnabled: 1,
  is_closed: 0,
  messaggioChiusura: null,
};

describe('call-waiter bell', () => {
  it('rings for unanswered calls, lists one toast per table, and a dismissal goes through the outbox', async () => {
    const { db } = await renderDashboard('/owner/dashboard', [
      table('T5', 5, true),
      table('T2', 2, true),
      table('T7', 7, false),
    ]);
    const bell = await screen.findByRole('button', { name: 'Chiamate cameriere: 2' });
    expect(bell.className).toContain('dash-ringing');
    expect(beep).toHaveBeenCalled();

    await press(bell);
    const list = await screen.findByRole('dialog', { name: 'Chiamate cameriere' });
    const toasts = within(list).getAllByRole('status');
    expect(toasts.map((el) => el.textContent)).toEqual([
      'Il Tavolo 2 richiede il cameriereServito',
      'Il Tavolo 5 richiede il cameriereServito',
    ]);
    await press(within(list).getByRole('button', { name: 'Servito: Tavolo 2' }));
    await waitFor(() => expect(within(list).getAllByRole('status')).toHaveLength(1));
    expect((await db.outbox.toArray()).map((e) => [e.name, e.body])).toEqual([
      ['dashboardCallDiscard', { tableId: 'T2' }],
    ]);

    // Spec 2.6: ringing stops when the list closes.
    await act(async () => {
      fireEvent.keyDown(list, { key: 'Escape' });
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chiamate cameriere' })).toBeNull());
    const after = screen.getByRole('button', { name: 'Chiamate cameriere: 1' });
    expect(after.className).not.toContain('dash-ringing');
  });

  it('a live call pops a toast with the table number', async () => {
    const { live } = await renderDashboard();
    await waitFor(() => expect(live.socketId).toBe('sock-1'));
    await act(async () => FakeSocket.last?.push('calledService', { tableId: 'T3', number: 3 }));
    expect(await screen.findByText('Il Tavolo 3 richiede il cameriere')).toBeTruthy();
    live.stop();
  });

  it('with no calls the list says so and nothing rings', async () => {
    await renderDashboard('/owner/dashboard', [table('T7', 7, false)]);
    await press(await screen.findByRole('button', { name: 'Chiamate cameriere: 0' }));
    expect(await screen.findByText('Nessun tavolo ha chiamato')).toBeTruthy();
    expect(beep).not.toHaveBeenCalled();
  });
});

describe('delivery button', () => {
  it('counts deliveries awaiting a decision, alerts while above 0, and opens /owner/delivery', async () => {
    const pending: OrderRow = {
      ...order,
      id: 'd1',
      tableId: null,
      deliveryId: 'd1',
      number: null,
      accettato: 0,
    };
    const accepted: OrderRow = { ...pending, id: 'd2', deliveryId: 'd2', accettato: 1 };
    await renderDashboard('/owner/dashboard', [
      { entity: 'order', entityId: 'd1', data: pending },
      { entity: 'order', entityId: 'd2', data: accepted },
    ]);
    const button = await screen.findByRole('button', { name: 'Consegne: 1' });
    expect(beep).toHaveBeenCalled();
    await press(button);
    expect(await screen.findByRole('heading', { name: 'delivery screen' })).toBeTruthy();
  });

  it('a card checkout not paid yet neither counts nor rings (spec 4)', async () => {
    const checkout: OrderRow = {
      ...order,
      id: 'd3',
      tableId: null,
      deliveryId: 'd3',
      number: null,
      accettato: 0,
      paymentIntentId: 'pi_3',
      checkoutUntil: '2026-11-22T19:15:00.000Z',
    };
    await renderDashboard('/owner/dashboard', [{ entity: 'order', entityId: 'd3', data: checkout }]);
    expect(await screen.findByRole('button', { name: 'Consegne: 0' })).toBeTruthy();
    expect(beep).not.toHaveBeenCalled();
  });
});

describe('chat switch', () => {
  it("follows the venue's flag and flips it through the outbox", async () => {
    const { db } = await renderDashboard('/owner/dashboard', [
      { entity: 'business', entityId: BIZ, data: business },
    ]);
    const chat = await screen.findByRole('switch', { name: 'Chat attiva' });
    await waitFor(() => expect((chat as HTMLInputElement).checked).toBe(true));
    await press(chat);
    await waitFor(() => expect((chat as HTMLInputElement).checked).toBe(false));
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['ownerChatToggle']);
  });
});
