import type { PrintData } from '@comanda/shared-schema';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownerMutators } from '../app/owner-mutators.ts';
import { ComandaDb } from '../data/db.ts';
import { SyncContext } from '../data/hooks.ts';
import { SyncClient } from '../data/sync-client.ts';
import { BIZ, renderDashboard } from '../screens/owner-dashboard/dashboard-test-harness.tsx';
import { freshDbName } from '../test/sync-fixture.ts';
import { FakeBridgeSocket } from './fake-bridge-socket.ts';
import { createJobStore, type PrintJob } from './job-store.ts';
import PrintViewScreen from './print-view-screen.tsx';
import { stopPrinting } from './printing.ts';

vi.mock('../data/sound.ts', () => ({ beep: vi.fn() }));

afterEach(() => {
  stopPrinting();
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const venue = (ownerIp: string | null) => ({
  entity: 'business',
  entityId: BIZ,
  data: { id: BIZ, name: 'Da Mario', ownerIp },
});

describe('the dashboard with a printer that cannot be reached (spec 2.11, 8)', () => {
  it("no bridge address: 'Stampa automatica non disponibile', and each ticket prints with the browser", async () => {
    await renderDashboard('/owner/dashboard', [venue(null)]);
    const notice = await screen.findByText('Stampa automatica non disponibile');
    expect(notice.closest('[role="status"]')?.textContent).toContain('stampa con il browser');
    await screen.findByRole('button', { name: 'stampa con il browser Tavolo 3' });
    expect(screen.queryByRole('button', { name: 'Stampa Tavolo 3' })).toBeNull();
  });

  it("a bridge address: 'Connessione alla stampante...' and the direct print button", async () => {
    vi.stubGlobal(
      'WebSocket',
      class {
        onopen = null;
        onclose = null;
        onerror = null;
        onmessage = null;
        close() {}
      },
    );
    await renderDashboard('/owner/dashboard', [venue('192.168.1.20')]);
    await screen.findByText('Connessione alla stampante...');
    expect(screen.getByRole('button', { name: 'Stampa Tavolo 3' })).toBeTruthy();
  });

  it("a bridge that does not know this tablet: 'Stampante non abbinata', and the browser prints", async () => {
    FakeBridgeSocket.reset();
    vi.stubGlobal('WebSocket', FakeBridgeSocket);
    await renderDashboard('/owner/dashboard', [venue('192.168.1.20')]);
    await screen.findByText('Connessione alla stampante...');
    await act(async () => FakeBridgeSocket.last?.open());
    const notice = await screen.findByText('Stampante non abbinata: inserisci il codice in Profilo');
    expect(notice.closest('[role="status"]')?.textContent).toContain('stampa con il browser');
    await screen.findByRole('button', { name: 'stampa con il browser Tavolo 3' });
    expect(screen.queryByRole('button', { name: 'Stampa Tavolo 3' })).toBeNull();
    expect(FakeBridgeSocket.last?.sent).toEqual([]);
  });
});

function receiptData(): PrintData {
  return {
    id: 'D1',
    deliveryId: 'D1',
    tipo: 'Consegna',
    nome: 'Lucia',
    cognome: 'Bianchi',
    telefono: '3331234567',
    indirizzo: 'Via Roma 1',
    comune: 'Avella',
    orario: '20:15',
    accettato: 1,
    isCalled: false,
    businessId: BIZ,
    status: 1,
    type: 'PRINT_ORDER_R_C',
    venueName: 'Trattoria Demo',
    filter: 'tutto',
    reservations: [
      {
        id: 'l1',
        deliveryId: 'D1',
        dishId: null,
        name: 'Margherita',
        price: 1000,
        amount: 2,
        variant: [],
        note: 'ben cotta',
        selected_option: 'cucina',
        status: 'preparation',
        printed: 0,
        accettato: 1,
        lastUpdate: '2025-07-15T18:00:00.000Z',
        total: 2000,
        variantLabels: ['Formato: Maxi'],
      },
    ],
    totals: { subtotal: 2000, costoConsegna: 250, serviceFee: 0, total: 2250, sconto: 500, newTotal: 1750 },
    printedAt: '2025-07-15T18:31:00.000Z',
  };
}

describe('the browser-print view (/owner/print)', () => {
  it('shows the receipt of 80 mm paper, prints it once and marks its lines printed', async () => {
    const db = new ComandaDb(freshDbName());
    const sync = new SyncClient({ db, mutators: ownerMutators });
    const data = receiptData();
    const job: PrintJob = {
      jobId: 'job-1',
      kind: 'orderPrinter_R_C',
      key: 'D1',
      delivery: true,
      filter: 'tutto',
      via: 'browser',
      createdAt: Date.now(),
      message: { type: data.type, data, sconto: 500, jobId: 'job-1' },
    };
    createJobStore(db.name).put(job);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const router = createMemoryRouter(
      [
        {
          path: '/',
          Component: () => (
            <SyncContext.Provider value={sync}>
              <Outlet />
            </SyncContext.Provider>
          ),
          children: [{ path: 'owner/print', Component: PrintViewScreen }],
        },
      ],
      { initialEntries: ['/owner/print?waiting=1'] },
    );
    render(<RouterProvider router={router} />);
    const receipt = await screen.findByRole('article', { name: 'Ricevuta Consegna' });
    const text = receipt.textContent ?? '';
    for (const part of [
      'Trattoria Demo',
      'Orario20:15',
      'NomeLucia Bianchi',
      'Indirizzo e N°Via Roma 1',
      'ComuneAvella',
      'Margherita',
      'Formato: Maxi',
      'ben cotta',
      '20,00 €',
      'Subtotale20,00 €',
      'Costo consegna2,50 €',
      'TOTALE22,50 €',
      'Sconto5,00 €',
      'NUOVO TOTALE17,50 €',
      'Stampato il 15/07/2025',
    ]) {
      expect(text).toContain(part);
    }
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    await waitFor(async () =>
      expect((await db.outbox.toArray()).map((e) => [e.name, e.body])).toEqual([
        ['dashboardTablePrint', { tableId: 'D1', selected_option: 'tutto', ids: ['l1'] }],
      ]),
    );
    expect(createJobStore(db.name).list()).toEqual([]);
    // The copy that prints lives beside the app, for the print style to print alone.
    expect(document.body.querySelector(':scope > .pv-print-root .pv-receipt')).not.toBeNull();
    await act(async () => {
      screen.getByRole('button', { name: 'Stampa' }).click();
    });
    expect(print).toHaveBeenCalledTimes(2);
    db.close();
  });
});
