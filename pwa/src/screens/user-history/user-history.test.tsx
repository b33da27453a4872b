import type { ReservationLine } from '@comanda/shared-schema';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UserHistoryScreen from './index.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const OWNER = 'v1';
const TABLE = 't1';

const dish = (id: string, name: string, price: number, amount: number): ReservationLine => ({
  id,
  tableId: TABLE,
  deliveryId: null,
  dishId: null,
  name,
  price,
  amount,
  variant: [],
  note: null,
  selected_option: 'cucina',
  status: 'preparation',
  printed: 1,
  accettato: 1,
  lastUpdate: '2026-01-01T20:00:00.000Z',
});

/** The server's answer to the history read; every other call 404. */
function stubHistory(answer: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL) =>
      String(url) === '/api/history/user/get'
        ? new Response(JSON.stringify({ success: true, ...answer }), { status: 200 })
        : new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', error: 'no' }), { status: 404 }),
    ),
  );
}

function renderHistory() {
  render(
    <MemoryRouter initialEntries={[`/user/history/${OWNER}/${TABLE}`]}>
      <Routes>
        <Route path="/user/history/:ownerId/:tableId" element={<UserHistoryScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

const foot = async () => (await screen.findByText('Totale')).closest('.cart-foot')?.textContent;

describe("the table's history (Storico)", () => {
  it('the total the owner collects: the discount the owner gave is taken off', async () => {
    // 4 Lasagne at 14,50 € = 58,00 €, a 4,00 € discount.
    stubHistory({ history: [dish('l1', 'Lasagne', 1450, 4)], sconto: 400 });
    renderHistory();
    expect(await foot()).toContain('Subtotale58,00 €Sconto−4,00 €Totale54,00 €');
  });

  it('without a discount (or from a server that does not send one): the dishes alone', async () => {
    stubHistory({ history: [dish('l1', 'Lasagne', 1450, 4)] });
    renderHistory();
    const text = await foot();
    expect(text).toContain('Totale58,00 €');
    expect(text).not.toContain('Sconto');
  });
});
