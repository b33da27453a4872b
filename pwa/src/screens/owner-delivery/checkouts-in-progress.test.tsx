import { formatEuro, type OrderRow, orderBill, t, tf } from '@comanda/shared-schema';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beep } from '../../data/sound.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { DESK_NOW, dline, lucia, minutesAgo, renderDesk } from './desk-test-harness.tsx';

// Card checkouts on the delivery desk (spec 4 "Customer order flow"): a card order not paid yet
// is shown apart, with the time it has left, and is no order to decide: no 'Accetta' or
// 'Rifiuta', not counted, silent. Once paid it joins 'Da accettare' and rings like a new order.

vi.mock('../../data/sound.ts', () => ({ beep: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.mocked(beep).mockClear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** Carla is paying by card right now: 12 minutes left of her checkout. */
const carla: OrderRow = {
  ...lucia,
  id: 'd8',
  deliveryId: 'd8',
  nome: 'Carla',
  cognome: 'Neri',
  orario: '21:15',
  paymentIntentId: 'pi_8',
  createdAt: minutesAgo(3),
  checkoutUntil: new Date(DESK_NOW + 12 * 60_000).toISOString(),
};
const carlaLine = dline('l8', 'd8', 'Lasagna', { price: 1200 });
const carlaRows = [
  { entity: 'order', entityId: carla.id, data: carla },
  { entity: 'line', entityId: carlaLine.id, data: carlaLine },
];
const CARLA = /Consegna 21:15 Carla Neri/;

describe("'Pagamenti in corso' on the delivery desk", () => {
  it('lists a checkout apart, with what it costs and its time left, and nothing to decide', {
    timeout: 20_000,
  }, async () => {
    await renderDesk(carlaRows);
    const checkouts = screen.getByRole('region', { name: tf.sectionCount(t.checkoutsTitle, 1) });
    const row = within(checkouts).getByRole('listitem');
    expect(row.textContent).toContain('Consegna 21:15 Carla Neri');
    // Lasagna 12,00 € + fee 2,50 €, with the card's service costs (spec 9) on top.
    expect(row.textContent).toContain(formatEuro(orderBill(carla, [carlaLine]).newTotal));
    expect(orderBill(carla, [carlaLine]).serviceFee).toBeGreaterThan(0);
    expect(row.textContent).toContain(tf.checkoutTimeLeft(12));
    expect(within(checkouts).queryAllByRole('button')).toEqual([]);

    // Not among the orders to decide: still Lucia's and Mario's two.
    const pending = screen.getByRole('region', { name: /Da accettare \(2\)/ });
    expect(within(pending).queryByRole('article', { name: CARLA })).toBeNull();
    expect(screen.queryByRole('button', { name: new RegExp(`${t.accept} .*Carla`) })).toBeNull();
    expect(screen.queryByRole('button', { name: new RegExp(`${t.reject} .*Carla`) })).toBeNull();

    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('is absent while no one is paying', async () => {
    await renderDesk();
    expect(screen.queryByRole('region', { name: /Pagamenti in corso/ })).toBeNull();
  });

  it('a checkout alone never rings, nor does its start announced live', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const accepted = [
        { entity: 'order', entityId: lucia.id, data: { ...lucia, accettato: 1 } },
        { entity: 'order', entityId: 'd2', data: { ...lucia, id: 'd2', deliveryId: 'd2', accettato: 1 } },
      ];
      const { live } = await renderDesk([...accepted, ...carlaRows]);
      await screen.findByRole('region', { name: /Da accettare \(0\)/ });
      await waitFor(() => expect(live.socketId).toBe('sock-1'));
      await act(async () => FakeSocket.last?.push('cardCheckout', { deliveryId: 'd9' }));
      await act(async () => vi.advanceTimersByTime(3 * 180_000));
      expect(beep).not.toHaveBeenCalled();
      live.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('once paid it joins the orders to decide, lit up, and rings once', async () => {
    const { live, db } = await renderDesk(carlaRows);
    await screen.findByRole('region', { name: /Da accettare \(2\)/ });
    await waitFor(() => expect(live.socketId).toBe('sock-1'));
    const { checkoutUntil: _gone, ...paid } = { ...carla, statusPay: 1 as const };
    await act(async () => {
      FakeSocket.last?.push('order', { table: { ...paid, reservations: [carlaLine] } });
      FakeSocket.last?.push('updateCountDelivery', { count: 3 });
      await db.serverRows.put({ entity: 'order', entityId: carla.id, data: paid });
    });
    const pending = await screen.findByRole('region', { name: /Da accettare \(3\)/ });
    const card = within(pending).getByRole('article', { name: CARLA });
    expect(card.className).toContain('desk-card-new');
    expect(within(card).getByText(t.cardPaidStatus)).toBeTruthy();
    expect(screen.getByRole('button', { name: `${t.accept} Consegna 21:15 Carla Neri` })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Pagamenti in corso/ })).toBeNull();
    expect(beep).toHaveBeenCalledTimes(1);
    live.stop();
  });

  it('an order event for a checkout (not paid) neither rings nor lights anything', async () => {
    const { live } = await renderDesk(carlaRows);
    await waitFor(() => expect(live.socketId).toBe('sock-1'));
    await act(async () => FakeSocket.last?.push('order', { table: { ...carla, reservations: [carlaLine] } }));
    expect(beep).not.toHaveBeenCalled();
    expect(screen.queryByText(/Nuovo ordine: .*Carla/)).toBeNull();
    live.stop();
  });
});
