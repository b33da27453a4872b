import { romeTime } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beep } from '../../data/sound.ts';
import { line, order, press, queued, renderKitchen, row, seed } from './kitchen-test-harness.tsx';

vi.mock('../../data/sound.ts', async (original) => ({
  ...(await original<typeof import('../../data/sound.ts')>()),
  beep: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.mocked(beep).mockClear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const ticket = (name: string) => screen.getByRole('article', { name });
const dish = (name: RegExp) => screen.getByRole('button', { name });

describe('kitchen display', () => {
  it('shows a table order as a ticket with its age, and nothing of the owner: no prices, no bill', async () => {
    await renderKitchen();
    const card = await screen.findByRole('article', { name: 'Tavolo 3' });
    expect(within(card).getByText('6 min')).toBeTruthy();
    expect(
      within(card).getByRole('button', { name: /1× Carbonara Senza pepe In preparazione/ }),
    ).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Tutto pronto Tavolo 3' })).toBeTruthy();
    // A cook's screen: no money, nothing that edits, prints or closes an order.
    expect(document.body.textContent).not.toMatch(/€|TOTALE/);
    for (const owner of ['Completa', 'Visualizza', 'Stampa', 'Fuori menu']) {
      expect(screen.queryByRole('button', { name: new RegExp(owner) })).toBeNull();
    }
    // The owner's small way out.
    const exit = screen.getByRole('link', { name: 'Esci dallo schermo cucina' });
    expect(exit.getAttribute('href')).toBe('/owner/dashboard');
    expect(exit.textContent).toBe('Esci');
  });

  it('taps a dish forward through the outbox; the ticket stays while a dish is left', async () => {
    const { db } = await renderKitchen();
    await screen.findByRole('article', { name: 'Tavolo 3' });
    await press(dish(/Carbonara/));
    await screen.findByRole('button', { name: /Carbonara Senza pepe Pronto/ });
    expect(await queued(db)).toEqual([['dashboardStatusSet', { id: 'l1', status: 'ready' }]]);
    expect(ticket('Tavolo 3')).toBeTruthy();
    // A second tap takes it back (a slip of the finger).
    await press(dish(/Carbonara/));
    await screen.findByRole('button', { name: /Carbonara Senza pepe In preparazione/ });
  });

  it("bumps a ticket away with 'Tutto pronto', undoes it, then bumps it for good", async () => {
    const { db } = await renderKitchen([
      ...seed,
      row('line', line('l4', 'Lasagna', { status: 'ready' })),
      row('line', line('l5', 'Panna cotta', { status: 'completed' })),
    ]);
    await press(await screen.findByRole('button', { name: 'Tutto pronto Tavolo 3' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Tavolo 3' })).toBeNull());
    expect(screen.getByText('Tavolo 3: tutto pronto')).toBeTruthy();
    // Only what was in preparation became ready; the rest was left alone.
    expect(await queued(db)).toEqual([
      ['dashboardStatusSet', { id: 'l2', status: 'ready' }],
      ['dashboardStatusSet', { id: 'l1', status: 'ready' }],
      ['dashboardStatusSet', { id: 'l3', status: 'ready' }],
    ]);

    await press(screen.getByRole('button', { name: 'Annulla' }));
    const back = await screen.findByRole('article', { name: 'Tavolo 3' });
    expect(within(back).getByRole('button', { name: /Carbonara Senza pepe In preparazione/ })).toBeTruthy();
    expect(within(back).getByRole('button', { name: /Lasagna Pronto/ })).toBeTruthy();
    expect((await queued(db)).slice(3)).toEqual([
      ['dashboardStatusSet', { id: 'l2', status: 'preparation' }],
      ['dashboardStatusSet', { id: 'l1', status: 'preparation' }],
      ['dashboardStatusSet', { id: 'l3', status: 'preparation' }],
    ]);
    expect(screen.queryByText('Tavolo 3: tutto pronto')).toBeNull();

    await press(screen.getByRole('button', { name: 'Tutto pronto Tavolo 3' }));
    await screen.findByText('Nessun piatto da preparare.');
  });

  it("shows what the table adds later as a ticket of its own, marked 'Giro 2'", async () => {
    const later = new Date(Date.now() - 60_000).toISOString();
    await renderKitchen([
      ...seed,
      row('line', line('l9', 'Tiramisù', { createdAt: later, lastUpdate: later })),
    ]);
    const second = await screen.findByRole('article', { name: 'Tavolo 3 Giro 2' });
    expect(within(second).getByRole('button', { name: /Tiramisù/ })).toBeTruthy();
    expect(within(second).getByText('1 min')).toBeTruthy();
    expect(within(ticket('Tavolo 3')).queryByRole('button', { name: /Tiramisù/ })).toBeNull();
    expect(within(second).getByRole('button', { name: 'Tutto pronto Tavolo 3 Giro 2' })).toBeTruthy();
  });

  it("counts a scheduled pickup down to its time ('tra 30 min') instead of ageing it from the order", async () => {
    const orario = romeTime(Date.now() + 30 * 60_000 + 20_000).time;
    const placed = new Date(Date.now() - 40 * 60_000).toISOString();
    const pickup = {
      ...order,
      id: 'd1',
      tableId: null,
      deliveryId: 'd1',
      number: null,
      tipo: 'Ritiro' as const,
      orario,
      nome: 'Lucia',
      createdAt: placed,
    };
    await renderKitchen([
      row('order', pickup),
      row('line', line('d1l', 'Margherita', { tableId: null, deliveryId: 'd1', createdAt: placed })),
    ]);
    const card = await screen.findByRole('article', { name: `Ritiro ${orario} Lucia` });
    expect(within(card).getByText(/^tra (30|31) min$/)).toBeTruthy();
    expect(card.className).toContain('kds-tone-upcoming');
  });

  it("keeps this screen's own area, remembered on the device apart from the dashboard's", async () => {
    localStorage.setItem('kitchenFilter', 'cucina');
    await renderKitchen();
    await screen.findByRole('article', { name: 'Tavolo 3' });
    const group = screen.getByRole('radiogroup', { name: 'Reparto' });
    expect(within(group).getByRole('radio', { name: 'tutto' }).getAttribute('aria-checked')).toBe('true');
    await press(within(group).getByRole('radio', { name: 'bar' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Carbonara/ })).toBeNull());
    expect(dish(/Spritz/)).toBeTruthy();
    expect(localStorage.getItem('kitchenDisplayFilter')).toBe('bar');
    expect(localStorage.getItem('kitchenFilter')).toBe('cucina');
    cleanup();
    await renderKitchen();
    await screen.findByRole('button', { name: /Spritz/ });
    expect(screen.queryByRole('button', { name: /Carbonara/ })).toBeNull();
  });

  it('rings once for a new round that arrives while it watches, not for what it found, nor for printed lines', async () => {
    const { db } = await renderKitchen();
    await screen.findByRole('article', { name: 'Tavolo 3' });
    expect(beep).not.toHaveBeenCalled();
    const now = new Date().toISOString();
    await act(async () => {
      await db.serverRows.put(
        row('line', line('p1', 'Caffè', { printed: 1, createdAt: now, lastUpdate: now })),
      );
    });
    await screen.findByRole('button', { name: /Caffè/ });
    expect(beep).not.toHaveBeenCalled();
    const later = new Date(Date.now() + 1000).toISOString();
    await act(async () => {
      await db.serverRows.put(row('line', line('n1', 'Gricia', { createdAt: later, lastUpdate: later })));
    });
    expect(await screen.findByText('Nuovo ordine: Tavolo 3')).toBeTruthy();
    expect(beep).toHaveBeenCalledTimes(1);
  });

  it('keeps the screen awake', async () => {
    const request = vi.fn(async () => ({ release: async () => undefined }));
    vi.stubGlobal('navigator', { ...navigator, wakeLock: { request } });
    await renderKitchen();
    await screen.findByRole('article', { name: 'Tavolo 3' });
    expect(request).toHaveBeenCalledWith('screen');
  });

  it('shows served and deleted dishes for context, not to tap', async () => {
    await renderKitchen([
      ...seed,
      row('line', line('l6', 'Gnocchi', { status: 'completed' })),
      row('line', line('l7', 'Polpette', { status: 'owner_deleted' })),
    ]);
    await screen.findByRole('article', { name: 'Tavolo 3' });
    expect((dish(/Gnocchi Completato/) as HTMLButtonElement).disabled).toBe(true);
    expect((dish(/Polpette Eliminato/) as HTMLButtonElement).disabled).toBe(true);
  });

  it('goes full screen on a tap where the browser allows it', async () => {
    const requestFullscreen = vi.fn(async () => undefined);
    Object.defineProperty(document, 'fullscreenEnabled', { value: true, configurable: true });
    document.documentElement.requestFullscreen = requestFullscreen;
    try {
      await renderKitchen();
      await press(await screen.findByRole('button', { name: 'Schermo intero' }));
      expect(requestFullscreen).toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(document, 'fullscreenEnabled');
    }
  });

  it('colours tickets by the ticket times set on this screen, kept on the device', {
    timeout: 20_000,
  }, async () => {
    await renderKitchen();
    // hidden: the open popover hides the rest of the page from assistive tech, as it should.
    const card = () => screen.getByRole('article', { name: 'Tavolo 3', hidden: true });
    await screen.findByRole('article', { name: 'Tavolo 3' });
    // Six minutes old: past the default yellow (5), before the red (8).
    expect(card().className).toContain('kds-tone-warn');
    await press(screen.getByRole('button', { name: 'Tempi dei ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tempi dei ticket' });
    const late = within(dialog).getByRole('textbox', { name: 'Rosso dopo (minuti)' });
    const warn = within(dialog).getByRole('textbox', { name: 'Giallo dopo (minuti)' });
    // Spec 9: durations read with their ' min' suffix.
    expect((warn as HTMLInputElement).value).toBe('5 min');
    for (const [field, value] of [
      [late, '20'],
      [warn, '10'],
    ] as const) {
      await act(async () => {
        fireEvent.change(field, { target: { value } });
        fireEvent.blur(field);
      });
    }
    await waitFor(() => expect(card().className).toContain('kds-tone-fresh'));
    expect(JSON.parse(localStorage.getItem('kitchenAgeThresholds') ?? '{}')).toEqual({
      warnMinutes: 10,
      lateMinutes: 20,
    });
    // Red before yellow is explained and not kept.
    await act(async () => {
      fireEvent.change(late, { target: { value: '4' } });
      fireEvent.blur(late);
    });
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Il rosso deve arrivare dopo il giallo',
    );
    expect(JSON.parse(localStorage.getItem('kitchenAgeThresholds') ?? '{}').lateMinutes).toBe(20);
  });
});
