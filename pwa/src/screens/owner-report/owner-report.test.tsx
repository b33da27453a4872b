import { type ReportAnswer, t } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { presetOf, presetRange } from './report-range.ts';
import { ReportScreen } from './report-screen.tsx';

// chart.js needs a real canvas: the lazy chart is a named image here, with its bars as text.
vi.mock('./report-chart.tsx', () => ({
  default: ({ title, labels, values }: { title: string; labels: string[]; values: number[] }) => (
    <div role="img" aria-label={`Grafico: ${title}`}>
      {labels.map((l, i) => `${l}=${values[i]}`).join(' ')}
    </div>
  ),
}));

const zeros = { orders: 0, revenue: 0 };

function answer(from: string, to: string, orders = 2): ReportAnswer {
  return {
    success: true,
    from,
    to,
    today: '2025-07-15',
    summary: {
      orders,
      revenue: orders ? 5225 : 0,
      averageTicket: orders ? 2613 : 0,
      itemsTotal: orders ? 5200 : 0,
      discounts: orders ? 300 : 0,
      deliveryFees: orders ? 250 : 0,
      serviceFees: orders ? 75 : 0,
    },
    days: [{ date: to, orders, revenue: orders ? 5225 : 0 }],
    weeks: [{ week: '2025-W29', from: to, to, orders, revenue: orders ? 5225 : 0 }],
    months: [{ month: '2025-07', from: to, to, orders, revenue: orders ? 5225 : 0 }],
    byKind: [
      { kind: 'table', orders: 1, revenue: 1700, averageTicket: 1700 },
      { kind: 'consegna', orders: 1, revenue: 3525, averageTicket: 3525 },
      { kind: 'ritiro', ...zeros, averageTicket: 0 },
    ],
    byPayment: [
      { method: 'cassa', orders: 1, revenue: 1700, serviceFees: 0 },
      { method: 'carta', orders: 1, revenue: 3525, serviceFees: 75 },
    ],
    hours: Array.from({ length: 24 }, (_, hour) =>
      hour === 20
        ? { hour, orders: 1, revenue: 1700 }
        : hour === 0
          ? { hour, orders: 1, revenue: 3525 }
          : { hour, ...zeros },
    ),
    dishes: [
      { dishId: 'd1', name: 'Margherita', categoryName: 'Pizze', quantity: 4, sales: 3200 },
      { dishId: null, name: 'Torta della casa', categoryName: 'Fuori menu', quantity: 1, sales: 2000 },
    ],
    categories: [
      { categoryId: 'c1', name: 'Pizze', quantity: 4, sales: 3200 },
      { categoryId: 'out_menu', name: 'Fuori menu', quantity: 1, sales: 2000 },
    ],
    areas: [
      { area: 'cucina', quantity: 5, sales: 5200 },
      { area: 'bar', quantity: 0, sales: 0 },
      { area: 'fritti', quantity: 0, sales: 0 },
    ],
  };
}

type Body = { from?: string; to?: string };
let bodies: Body[];
let reply: (body: Body) => Response | Promise<Response>;

const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  bodies = [];
  reply = (body) => json(answer(body.from ?? '2025-07-15', body.to ?? '2025-07-15'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe('/api/report/owner/get');
      const body = JSON.parse(String(init.body)) as Body;
      bodies.push(body);
      return reply(body);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const region = (name: string) => screen.getByRole('region', { name });
const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((r) => r.textContent);

describe('owner report screen', () => {
  it("opens on the server's today: tiles, charts with a table under each, the CSV link", async () => {
    render(<ReportScreen />);
    expect(screen.getByRole('status').textContent).toBe(t.loading);
    await screen.findByText('Il 15/07/2025');
    expect(bodies).toEqual([{}]);
    expect(tile(t.reportRevenue)).toBe('52,25 €');
    expect(tile(t.reportOrders)).toBe('2');
    expect(tile(t.reportAverageTicket)).toBe('26,13 €');
    expect(tile(t.reportServiceFees)).toBe('0,75 €');
    expect(screen.getByRole('button', { name: t.reportPresetToday }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    // Busiest hours in the order of a service night: 20:00 before 00:00.
    expect(rowsOf(t.reportByHour)).toEqual([
      'OraOrdiniIncasso',
      '20:00-21:00117,00 €',
      '00:00-01:00135,25 €',
    ]);
    expect(
      await within(region(t.reportByHour)).findByRole('img', { name: `Grafico: ${t.reportByHour}` }),
    ).toBeTruthy();
    expect(rowsOf(t.reportByPayment)).toContain('Carta135,25 €0,75 €');
    expect(rowsOf(t.reportByDish)).toEqual([
      'PiattoCategoriaQuantitàVendite',
      'MargheritaPizze432,00 €',
      'Torta della casaFuori menu120,00 €',
    ]);
    expect(screen.getByText(t.reportSalesNote)).toBeTruthy();
    expect(rowsOf(t.reportByArea)).toContain('cucina552,00 €');

    const csv = screen.getByRole('link', { name: t.reportDownloadCsv });
    expect(csv.getAttribute('href')).toBe('/api/report/owner/csv?from=2025-07-15&to=2025-07-15');
    expect(csv.hasAttribute('download')).toBe(true);
    // The answer named the same day: it is not asked for twice.
    expect(bodies).toEqual([{}]);
  });

  it('presets count back from the venue’s today; a new range replaces the figures', async () => {
    render(<ReportScreen />);
    await screen.findByText('Il 15/07/2025');
    fireEvent.click(screen.getByRole('button', { name: t.reportPresetLast7 }));
    await screen.findByText('Dal 09/07/2025 al 15/07/2025');
    expect(bodies.at(-1)).toEqual({ from: '2025-07-09', to: '2025-07-15' });
    expect(screen.getByRole('button', { name: t.reportPresetLast7 }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: t.reportPresetToday }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    fireEvent.click(screen.getByRole('button', { name: t.reportPresetMonth }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ from: '2025-07-01', to: '2025-07-15' }));
    expect((await screen.findByRole('link', { name: t.reportDownloadCsv })).getAttribute('href')).toBe(
      '/api/report/owner/csv?from=2025-07-01&to=2025-07-15',
    );
  });

  it('an empty period says so instead of empty charts', async () => {
    reply = (body) => json(answer(body.from ?? '2025-07-15', body.to ?? '2025-07-15', 0));
    render(<ReportScreen />);
    expect(await screen.findByText(t.reportEmpty)).toBeTruthy();
    expect(tile(t.reportRevenue)).toBe('0,00 €');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offline: says the report needs the connection, asks nothing, and loads once back online', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<ReportScreen />);
    expect(await screen.findByText(t.reportNeedsConnection)).toBeTruthy();
    expect(screen.queryByText(t.loading)).toBeNull();
    expect(bodies).toEqual([]);
    expect(screen.getByRole('button', { name: t.reportDownloadCsv }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('link', { name: t.reportDownloadCsv })).toBeNull();
    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await screen.findByText('Il 15/07/2025');
    expect(screen.queryByText(t.reportNeedsConnection)).toBeNull();
    online.mockRestore();
  });

  it('no answer at all is the same "needs the connection", not an endless spinner', async () => {
    reply = () => Promise.reject(new TypeError('Failed to fetch'));
    render(<ReportScreen />);
    expect(await screen.findByText(t.reportNeedsConnection)).toBeTruthy();
    expect(screen.queryByText(t.loading)).toBeNull();
  });

  it("a refusal shows the server's Italian text and a retry", async () => {
    let fail = true;
    reply = (body) =>
      fail
        ? json({ success: false, code: 'VALIDATION', error: t.reportRangeTooLong }, 400)
        : json(answer(body.from ?? '2025-07-15', body.to ?? '2025-07-15'));
    render(<ReportScreen />);
    expect(await screen.findByText(t.reportRangeTooLong)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: t.retry }));
    await screen.findByText('Il 15/07/2025');
    expect(bodies).toHaveLength(2);
  });
});

describe('report presets', () => {
  it('each ends on the venue’s today', () => {
    expect(presetRange('today', '2025-03-01')).toEqual({ from: '2025-03-01', to: '2025-03-01' });
    expect(presetRange('last7', '2025-03-01')).toEqual({ from: '2025-02-23', to: '2025-03-01' });
    expect(presetRange('month', '2025-03-01')).toEqual({ from: '2025-03-01', to: '2025-03-01' });
    expect(presetRange('last30', '2024-03-01')).toEqual({ from: '2024-02-01', to: '2024-03-01' });
    expect(presetOf({ from: '2025-02-23', to: '2025-03-01' }, '2025-03-01')).toBe('last7');
    expect(presetOf({ from: '2025-02-22', to: '2025-03-01' }, '2025-03-01')).toBeNull();
  });
});
