import { calls, type ReportAnswer } from '@comanda/shared-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entry, setupDashboard } from '../../test-support/kits/dashboard.ts';
import { seedHistory } from '../../test-support/kits/reports.ts';
import { createOwner, createTestApp, type Owner, post, type TestApp } from '../../test-support/test-app.ts';
import { csvAmount, csvText } from './csv.ts';

let app: TestApp;
let owner: Owner;

beforeAll(async () => {
  app = await createTestApp({ env: { COMANDA_FAKE_NOW: '2025-07-15T20:00:00+02:00' } });
  owner = await createOwner(app);
  const db = app.app.store.db;
  const pizza = { categoryId: 'c1', categoryName: 'Pizze', area: 'cucina' as const };
  await seedHistory(db, {
    venueId: owner.venueId,
    kind: 'consegna',
    paymentMethod: 'carta',
    openedAt: '2025-07-15T20:05:00+02:00',
    completedAt: '2025-07-15T21:00:00+02:00',
    serviceDate: '2025-07-15',
    costoConsegna: 250,
    serviceFee: 75,
    sconto: 50,
    lines: [
      { dishId: 'd1', name: 'Pizza; "speciale"', ...pizza, price: 123_450, amount: 1 },
      { dishId: 'd2', name: '=HYPERLINK("x")', ...pizza, price: 100, amount: 2 },
      { dishId: 'd3', name: 'Gnocchi', ...pizza, price: 900, amount: 1, deleted: true },
    ],
  });
});
afterAll(async () => {
  await app.close();
});

const getCsv = (query: string) =>
  app.app.inject({
    method: 'GET',
    url: `${calls.reportOwnerCsv.path}?${query}`,
    headers: { cookie: owner.cookie },
  });

describe('reportOwnerCsv', () => {
  it('is an attachment for Italian Excel: BOM, semicolons, decimal comma, CRLF', async () => {
    const res = await getCsv('from=2025-07-14&to=2025-07-15');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="report-2025-07-14-2025-07-15.csv"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.body.replace(/^\uFEFF/, '');
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n');
    expect(lines.slice(0, 12)).toEqual([
      'Report;Pizzeria da Mario',
      'Periodo;Dal 14/07/2025 al 15/07/2025',
      '',
      'Riepilogo',
      'Voce;Valore',
      'Ordini;1',
      // 1234,50 + 2,00 + 2,50 + 0,75 - 0,50
      'Incasso (€);1239,25',
      'Scontrino medio (€);1239,25',
      'Venduto (€);1236,50',
      'Sconti (€);0,50',
      'Costi di consegna (€);2,50',
      'Costi di servizio (€);0,75',
    ]);
    const after = (title: string, n: number) => {
      const at = lines.indexOf(title);
      expect(at, title).toBeGreaterThan(0);
      return lines.slice(at, at + n);
    };
    expect(after('Incasso per giorno', 4)).toEqual([
      'Incasso per giorno',
      'Giorno;Ordini;Incasso (€)',
      '14/07/2025;0;0,00',
      '15/07/2025;1;1239,25',
    ]);
    expect(after('Incasso per settimana', 3)).toEqual([
      'Incasso per settimana',
      'Settimana;Ordini;Incasso (€)',
      'Settimana 29 (14/07 - 15/07);1;1239,25',
    ]);
    expect(after('Carta e cassa', 4)).toEqual([
      'Carta e cassa',
      'Pagamento;Ordini;Incasso (€);Costi di servizio (€)',
      'Cassa;0;0,00;0,00',
      'Carta;1;1239,25;0,75',
    ]);
    expect(after('Orari di punta', 3)).toEqual([
      'Orari di punta',
      'Ora;Ordini;Incasso (€)',
      '20:00-21:00;1;1239,25',
    ]);
    // Quoted where it must be, a would-be formula kept as text, the deleted dish absent.
    expect(after('Piatti', 4)).toEqual([
      'Piatti',
      'Piatto;Categoria;Quantità;Vendite (€)',
      '"Pizza; ""speciale""";Pizze;1;1234,50',
      `"'=HYPERLINK(""x"")";Pizze;2;2,00`,
    ]);
    expect(text).not.toContain('Gnocchi');
    expect(after('Reparti', 5)).toEqual([
      'Reparti',
      'Reparto;Quantità;Vendite (€)',
      'cucina;3;1236,50',
      'bar;0;0,00',
      'fritti;0;0,00',
    ]);
  });

  it('holds the same figures as the JSON report of the range', async () => {
    const json = (
      await post(app.app, calls.reportOwnerGet.path, { from: '2025-07-15', to: '2025-07-15' }, owner.cookie)
    ).json() as ReportAnswer;
    const csv = (await getCsv('from=2025-07-15&to=2025-07-15')).body;
    expect(csv).toContain(`Incasso (€);${csvAmount(json.summary.revenue)}\r\n`);
    expect(csv).toContain(`15/07/2025;1;${csvAmount(json.days[0]?.revenue ?? -1)}\r\n`);
    expect(csv).toContain('Periodo;Il 15/07/2025\r\n');
  });

  it('without a range downloads today; only for owners', async () => {
    const res = await getCsv('');
    expect(res.headers['content-disposition']).toContain('report-2025-07-15-2025-07-15.csv');
    const anonymous = await app.app.inject({ method: 'GET', url: calls.reportOwnerCsv.path });
    expect(anonymous.statusCode).toBe(401);
  });

  it('formats amounts and texts', () => {
    expect([csvAmount(0), csvAmount(5), csvAmount(123_456_789), csvAmount(-250)]).toEqual([
      '0,00',
      '0,05',
      '1234567,89',
      '-2,50',
    ]);
    expect([csvText('Caffè'), csvText('-1'), csvText('+39 333'), csvText('@home'), csvText('a\nb')]).toEqual([
      'Caffè',
      "'-1",
      "'+39 333",
      "'@home",
      '"a\nb"',
    ]);
  });
});

describe('the report of tables completed through the dashboard', () => {
  it('shows what the complete call charged', async () => {
    const v = await setupDashboard();
    try {
      // Birra deleted, 3,00 € discount: 20,00 - 3,00 (as dashboard-close.test.ts).
      await v.tablet.send(calls.dashboardStatusSet.path, { id: v.lines[1]?.id, status: 'owner_deleted' });
      await v.tablet.send(calls.dashboardTableModify.path, {
        tableId: v.tableId,
        reservations: [],
        sconto: 300,
      });
      const table = await entry(v);
      const done = await v.tablet.send(calls.dashboardTableHistory.path, {
        table,
        totaleOrdine: 1,
        costoConsegna: 0,
        totalePagato: 1,
      });
      expect(done.statusCode, done.body).toBe(200);
      const r = (await post(v.app.app, calls.reportOwnerGet.path, {}, v.owner.cookie)).json() as ReportAnswer;
      expect(r.summary).toMatchObject({ orders: 1, revenue: 1700, itemsTotal: 2000, discounts: 300 });
      expect(r.dishes.map((d) => [d.name, d.quantity, d.sales])).toEqual([['Margherita', 2, 2000]]);
      expect(r.areas.find((a) => a.area === 'bar')).toEqual({ area: 'bar', quantity: 0, sales: 0 });
    } finally {
      await v.app.close();
    }
  });
});
