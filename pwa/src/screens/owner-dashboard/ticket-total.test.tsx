import type { OrderRow } from '@comanda/shared-schema';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beep } from '../../data/sound.ts';
import { line, order, press, renderDashboard } from './dashboard-test-harness.tsx';

vi.mock('../../data/sound.ts', () => ({ beep: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.mocked(beep).mockClear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/**
 * One total everywhere: the ticket shows what the order view's last row shows (the discount and
 * the delivery fee in), and 'Completa' says what to collect and how it is paid.
 */

// Tavolo 4: 4 Lasagne at 14,50 € = 58,00 €, a 4,00 € discount: NUOVO TOTALE 54,00 €.
const discounted: OrderRow = { ...order, id: 'o2', tableId: 'T2', number: 4, sconto: 400 };
// A delivery of 12,00 € with its 2,50 € fee.
const consegna: OrderRow = {
  ...order,
  id: 'd1',
  tableId: null,
  deliveryId: 'd1',
  number: null,
  tipo: 'Consegna',
  nome: 'Lucia',
  orario: '20:30',
  costoConsegna: 250,
  statusPay: 0,
};
// A pickup paid by card online: (8,00 + 0,305 + 0,1) / 0,95535 = 8,80 €.
const cardPaid: OrderRow = {
  ...consegna,
  id: 'd2',
  deliveryId: 'd2',
  tipo: 'Ritiro',
  nome: 'Carla',
  costoConsegna: 0,
  paymentIntentId: 'pi_1',
  statusPay: 1,
};

const rows = [
  { entity: 'order', entityId: 'o2', data: discounted },
  { entity: 'line', entityId: 'l3', data: line('l3', 'Lasagne', { tableId: 'T2', price: 1450, amount: 4 }) },
  // Deleted: counts 0.
  {
    entity: 'line',
    entityId: 'l4',
    data: line('l4', 'Vino', { tableId: 'T2', price: 1800, status: 'owner_deleted' }),
  },
  { entity: 'order', entityId: 'd1', data: consegna },
  {
    entity: 'line',
    entityId: 'l5',
    data: line('l5', 'Pizza', { tableId: null, deliveryId: 'd1', price: 600, amount: 2 }),
  },
  { entity: 'order', entityId: 'd2', data: cardPaid },
  {
    entity: 'line',
    entityId: 'l6',
    data: line('l6', 'Panino', { tableId: null, deliveryId: 'd2', price: 800 }),
  },
];

const ticket = (name: string | RegExp) => screen.getByRole('article', { name });
const total = (article: HTMLElement) => article.querySelector('.dash-ticket-total')?.textContent;

// A whole screen on a shared 2-core machine: the first render alone may take seconds.
describe('the dashboard ticket shows the real total', { timeout: 30_000 }, () => {
  it('a discount: Sconto and NUOVO TOTALE, deleted lines not counted', async () => {
    await renderDashboard('/owner/dashboard', rows);
    expect(total(ticket('Tavolo 4'))).toBe('Sconto −4,00 € NUOVO TOTALE 54,00 €');
  });

  it('a delivery: its fee, and TOTALE with it; a plain table only TOTALE', async () => {
    await renderDashboard('/owner/dashboard', rows);
    expect(total(ticket(/Consegna 20:30 Lucia/))).toBe('Costo consegna 2,50 € TOTALE 14,50 €');
    // The seeded Tavolo 3: Carbonara and Spritz at 5,00 € each.
    expect(total(ticket('Tavolo 3'))).toBe('TOTALE 10,00 €');
  });

  it('the total is the whole order whatever the area shown', async () => {
    localStorage.setItem('kitchenFilter', 'bar');
    await renderDashboard('/owner/dashboard', [
      ...rows,
      {
        entity: 'line',
        entityId: 'l7',
        data: line('l7', 'Birra', { tableId: 'T2', price: 500, selected_option: 'bar' }),
      },
    ]);
    expect(total(ticket('Tavolo 4'))).toBe('Sconto −4,00 € NUOVO TOTALE 59,00 €');
  });
});

describe("'Completa' says what to collect", { timeout: 30_000 }, () => {
  it('a table: NUOVO TOTALE at the counter', async () => {
    await renderDashboard('/owner/dashboard', rows);
    await press(screen.getByRole('button', { name: 'Completa Tavolo 4' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Da incassare 54,00 €');
    expect(dialog.textContent).toContain('Pagamento: alla cassa');
  });

  it('a delivery paid on delivery: the fee included', async () => {
    await renderDashboard('/owner/dashboard', rows);
    await press(screen.getByRole('button', { name: /^Completa Consegna 20:30 Lucia/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Da incassare 14,50 €');
    expect(dialog.textContent).toContain('Pagamento: alla consegna');
  });

  it('a card order already paid: nothing to collect, and says so', async () => {
    await renderDashboard('/owner/dashboard', rows);
    await press(screen.getByRole('button', { name: /^Completa Ritiro 20:30 Carla/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Niente da incassare')).toBeTruthy();
    expect(dialog.textContent).toContain('Pagamento: con carta, già pagato (8,80 €)');
    expect(dialog.textContent).not.toContain('Da incassare');
  });
});
