import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beep } from '../../data/sound.ts';
import { armedConfirm } from '../../test/confirm.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { line, order, press, renderDashboard } from './dashboard-test-harness.tsx';

vi.mock('../../data/sound.ts', () => ({ beep: vi.fn() }));

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
    // A destructive confirmation: 'Conferma' waits for the delay of spec 9 first.
    expect(within(dialog).getByRole('button', { name: 'Conferma' }).hasAttribute('disabled')).toBe(true);
    await press(await armedConfirm(dialog));
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

  it("sends the kitchen screen's old address to the kitchen display", async () => {
    await renderDashboard('/owner/dashboard?kitchen=1', [], 'kitchen screen');
    expect(screen.queryByRole('heading', { name: 'Tavolo 3' })).toBeNull();
  });

  it('links to the kitchen display instead of turning itself into one: no wall-screen mode', async () => {
    await renderDashboard();
    expect(screen.getByRole('link', { name: 'Schermo cucina' }).getAttribute('href')).toBe('/owner/kitchen');
    expect(screen.queryByRole('button', { name: 'Schermo cucina' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tempi dei ticket' })).toBeNull();
  });

  it('shows the print state as its own printer mark, never inside the dish status', async () => {
    await renderDashboard('/owner/dashboard', [
      { entity: 'line', entityId: 'l3', data: line('l3', 'Tiramisù', { printed: 1 }) },
    ]);
    const dish = screen.getByRole('button', { name: /Carbonara/ });
    // One status in the dish's name; the print state beside it, in its own words.
    expect(dish.textContent).toContain('In preparazione');
    expect(dish.textContent).not.toContain('stampa');
    const row = dish.closest('li');
    expect(row?.querySelector('.dash-printed')?.textContent).toBe('Da stampare');
    const printed = screen.getByRole('button', { name: /Tiramisù/ }).closest('li');
    expect(printed?.querySelector('.dash-printed')?.textContent).toBe('Stampato');
    expect(printed?.querySelector('.dash-printed svg')).not.toBeNull();
  });

  it("colours a ticket by the ticket times this device's kitchen display keeps", async () => {
    // Six minutes old: past the default yellow (5)...
    await renderDashboard();
    const ticket = () => screen.getByRole('heading', { name: 'Tavolo 3' }).closest('article');
    expect(ticket()?.className).toContain('dash-age-warn');
    cleanup();
    // ...and fresh with yellow after 10 minutes, set on the kitchen display.
    localStorage.setItem('kitchenAgeThresholds', JSON.stringify({ warnMinutes: 10, lateMinutes: 20 }));
    await renderDashboard();
    expect(ticket()?.className).toContain('dash-age-fresh');
  });
});
