import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, line, order, press, renderDashboard } from './dashboard-test-harness.tsx';
import { beep } from './sound.ts';

vi.mock('./sound.ts', () => ({ beep: vi.fn() }));

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
    // The order and the version seen, nothing more: the body no longer grows with the order.
    expect(queued?.body).toEqual({ id: order.id, seenVersion: 5 });
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
