import { t, tf } from '@comanda/shared-schema';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCartStores } from '../../ordering/cart-store.ts';
import { forgetEarlyReads } from '../../ordering/early-reads.ts';
import UserHistoryScreen from './index.tsx';

/** The table's checks and an empty history; the live socket stays silent. */
function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL) => {
      const ok = (data: object) => new Response(JSON.stringify({ success: true, ...data }), { status: 200 });
      switch (String(url)) {
        case '/api/reservation/verify/businessId':
          return ok({ businessId: 'v1', name: 'Trattoria Demo' });
        case '/api/user/isValidTable/get':
          return ok({ number: 4 });
        case '/api/user/orderEnabled/get':
          return ok({ orderEnabled: 1 });
        case '/api/user/dataUser/getClosedStatus':
          return ok({ is_closed: 0, messaggioChiusura: null, openingTime: '18:00', closingTime: '02:00' });
        case '/api/history/user/get':
          return ok({ history: [] });
        case '/api/user/table/call/get':
          return ok({ call: null });
        default:
          return new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', error: 'no' }), {
            status: 404,
          });
      }
    }),
  );
}

beforeEach(() => {
  sessionStorage.clear();
  resetCartStores();
  forgetEarlyReads();
  vi.stubGlobal(
    'WebSocket',
    class {
      readyState = 0;
      close() {}
      send() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Storico: the same header as the table's other tabs", () => {
  it("names the venue and 'Tavolo n', links the sections and offers 'Chiama il cameriere'", async () => {
    stubServer();
    render(
      <MemoryRouter initialEntries={['/user/history/v1/t1']}>
        <Routes>
          <Route path="/user/history/:ownerId/:tableId" element={<UserHistoryScreen />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText(`Trattoria Demo · ${tf.table(4)}`)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: t.historyTitle })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: t.tableSections });
    expect(within(nav).getByRole('link', { name: t.sectionHistory }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('button', { name: t.callWaiterButton })).toBeTruthy();
    expect(await screen.findByText(t.historyEmpty)).toBeTruthy();
  });
});
