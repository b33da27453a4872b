import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BridgeFrame, BridgeStatus } from '@comanda/shared-schema';
import { afterEach, describe, expect, it } from 'vitest';
import type { Bridge } from './bridge.ts';
import { type BridgeClient, isAck, isError, isQueued } from './testing/client.ts';
import { decodeEscpos } from './testing/escpos-text.ts';
import { FakePrinter } from './testing/fake-printer.ts';
import { httpsGet } from './testing/https-get.ts';
import { printMessage, tableData } from './testing/sample-data.ts';
import { cleanupTempDirs, pairedClient, startTestBridge, tempDir } from './testing/test-bridge.ts';

const open: Array<{ close(): Promise<void> }> = [];
const printers: FakePrinter[] = [];

afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
  for (const printer of printers.splice(0)) await printer.off();
  cleanupTempDirs();
});

async function fakePrinter(): Promise<FakePrinter> {
  const printer = await FakePrinter.start();
  printers.push(printer);
  return printer;
}

async function bridgeWith(file: Parameters<typeof startTestBridge>[1]): Promise<Bridge> {
  const bridge = await startTestBridge(tempDir(), file);
  open.push(bridge);
  return bridge;
}

async function client(bridge: Bridge): Promise<BridgeClient> {
  const c = await pairedClient(bridge);
  open.push(c);
  return c;
}

const tcp = (printer: FakePrinter, extra: Record<string, unknown> = {}) => ({
  type: 'tcp' as const,
  host: '127.0.0.1',
  port: printer.port,
  ...extra,
});
const FAST_RETRY = { retry: { firstSeconds: 0.02, maxSeconds: 0.1 } };

type StatusFrame = Extract<BridgeFrame, { event: 'PRINTER_STATUS' }>;
const statusWhere = (check: (s: BridgeStatus) => boolean) => (f: BridgeFrame) =>
  f.event === 'PRINTER_STATUS' && check((f as StatusFrame).data);

describe('print bridge', { timeout: 20_000 }, () => {
  it('prints a table order on a network printer and acknowledges once the bytes arrived', async () => {
    const printer = await fakePrinter();
    const bridge = await bridgeWith({ printers: [{ name: 'cassa', area: 'tutto', target: tcp(printer) }] });
    const dashboard = await client(bridge);
    dashboard.send(printMessage(tableData(12), { jobId: 'job-1', sconto: 200 }));
    const ack = await dashboard.waitFor(isAck('job-1'));
    expect(printer.tickets).toHaveLength(1); // the bytes were there before the answer
    expect(ack.data).toEqual({
      jobId: 'job-1',
      type: 'PRINT_ORDER_TABLE',
      tableId: 'table-12',
      deliveryId: null,
      printers: [{ printer: 'cassa', backup: false }],
      duplicate: false,
    });
    const events = dashboard.frames
      .map((f) => f.event)
      .filter((e) => e !== 'PRINTER_STATUS' && e !== 'PAIRED');
    expect(events).toEqual(['PRINT_QUEUED', 'ORDER_PRINTED_NOTIFICATION']);

    const ticket = decodeEscpos(printer.tickets[0]!.bytes);
    expect(ticket.text).toContain('Tavolo 12');
    expect(ticket.text).toMatch(/2x Pizza Margherita +17,00 €/);
    expect(ticket.text).toMatch(/1x Birra media +5,00 €/);
    expect(ticket.text).toMatch(/3x Patatine fritte +10,50 €/);
    expect(ticket.text).toMatch(/NUOVO TOTALE +30,50 €/);
    expect(ticket.cuts).toBe(1);
  });

  it('answers a re-sent job again instead of printing it twice', async () => {
    const printer = await fakePrinter();
    await printer.off();
    const bridge = await bridgeWith({
      ...FAST_RETRY,
      printers: [{ name: 'cassa', area: 'tutto', target: tcp(printer) }],
    });
    const first = await client(bridge);
    const second = await client(bridge);
    const message = printMessage(tableData(3), { jobId: 'same-job' });
    first.send(message);
    await first.waitFor(isQueued('same-job'));
    first.send(message); // the dashboard retried after a reconnect
    second.send(message); // another tablet, same job
    await second.waitFor(isQueued('same-job'));
    await printer.on();
    await first.waitFor(isAck('same-job'));
    await second.waitFor(isAck('same-job'));
    first.send(message); // after it printed
    await first.waitForCount(isAck('same-job'), 2);
    expect(first.of('PRINT_QUEUED').map((f) => f.data.duplicate)).toEqual([false, true]);
    expect(first.of('ORDER_PRINTED_NOTIFICATION').map((f) => f.data.duplicate)).toEqual([false, true]);
    expect(second.of('ORDER_PRINTED_NOTIFICATION')).toHaveLength(1);
    expect(printer.tickets).toHaveLength(1);
  });

  it('answers bad JSON and unknown types with an error and keeps serving', async () => {
    const printer = await fakePrinter();
    const bridge = await bridgeWith({ printers: [{ name: 'cassa', area: 'tutto', target: tcp(printer) }] });
    const dashboard = await client(bridge);
    dashboard.send('{"type": "PRINT_ORDER_TABLE", "data": ');
    dashboard.send(JSON.stringify({ type: 'PRINT_BILL', data: {}, sconto: 0 }));
    dashboard.send(
      JSON.stringify({ type: 'PRINT_ORDER_R_C', data: { nope: true }, sconto: 0, jobId: 'bad-1' }),
    );
    dashboard.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await dashboard.waitForCount(isError, 4);
    expect(
      dashboard.of('PRINT_ERROR').map((f) => [f.data.code, f.data.type ?? null, f.data.jobId ?? null]),
    ).toEqual([
      ['INVALID_JSON', null, null],
      ['UNKNOWN_TYPE', 'PRINT_BILL', null],
      ['INVALID_MESSAGE', 'PRINT_ORDER_R_C', 'bad-1'],
      ['INVALID_JSON', null, null],
    ]);
    expect(dashboard.of('PRINT_ERROR')[1]?.data.error).toBe('Tipo di stampa sconosciuto: PRINT_BILL');
    dashboard.send(printMessage(tableData(5), { jobId: 'good-1' }));
    await dashboard.waitFor(isAck('good-1'));
    expect(printer.tickets).toHaveLength(1);
  });

  it('writes each ticket to a folder as ESC/POS bytes and a text preview', async () => {
    const dataDir = tempDir();
    const bridge = await startTestBridge(dataDir, {
      printers: [
        { name: 'cassa', area: 'tutto', target: { type: 'folder', path: 'tickets' } },
        { name: 'cucina', area: 'cucina', target: { type: 'folder', path: 'tickets' } },
      ],
    });
    open.push(bridge);
    const dashboard = await client(bridge);
    dashboard.send(printMessage(tableData(8), { jobId: 'folder-1' }));
    await dashboard.waitFor(isAck('folder-1'));
    const folder = join(dataDir, 'tickets');
    const files = readdirSync(folder).sort();
    expect(files).toHaveLength(4);
    expect(files.filter((f) => f.endsWith('.bin'))).toHaveLength(2);
    const receipt = files.find((f) => f.endsWith('-cassa.txt'))!;
    const preview = readFileSync(join(folder, receipt), 'utf8');
    expect(preview).toContain('Tavolo 8');
    expect(preview).toMatch(/TOTALE +32,50 €/);
    const bytes = decodeEscpos(readFileSync(join(folder, receipt.replace('.txt', '.bin'))));
    expect(bytes.text).toMatch(/TOTALE +32,50 €/);
    const kitchen = readFileSync(join(folder, files.find((f) => f.endsWith('-cucina.txt'))!), 'utf8');
    expect(kitchen).toContain('CUCINA');
    expect(kitchen).not.toContain('€');
  });

  it('fails over to the backup printer, marked COPIA DI RISERVA', async () => {
    const cassa = await fakePrinter();
    const cucina = await fakePrinter();
    await cucina.off();
    const bridge = await bridgeWith({
      ...FAST_RETRY,
      printers: [
        { name: 'cassa', area: 'tutto', target: tcp(cassa) },
        { name: 'cucina', area: 'cucina', target: tcp(cucina), backup: 'cassa', failoverAfterSeconds: 0.3 },
      ],
    });
    const dashboard = await client(bridge);
    dashboard.send(printMessage(tableData(6), { jobId: 'fo-1' }));
    const ack = await dashboard.waitFor(isAck('fo-1'));
    expect(ack.data.printers).toEqual([
      { printer: 'cassa', backup: false },
      { printer: 'cassa', backup: true },
    ]);
    expect(cassa.tickets).toHaveLength(2);
    const copy = decodeEscpos(cassa.tickets[1]!.bytes);
    expect(copy.lines[0]).toMatchObject({ text: expect.stringContaining('COPIA DI RISERVA'), invert: true });
    expect(copy.text).toContain('al posto della stampante cucina');
    expect(copy.text).toContain('2x Pizza Margherita');
    expect(copy.text).not.toContain('Birra');
    const status = bridge.status().printers.find((p) => p.name === 'cucina');
    expect(status).toMatchObject({ online: false, queued: 0, backup: 'cassa' });
    expect(status?.lastError).toContain('connessione rifiutata');
    expect(status?.failingSince).not.toBeNull();
  });

  it('keeps a ticket queued while the printer is out of paper', async () => {
    const printer = await fakePrinter();
    printer.paperOut = true;
    const bridge = await bridgeWith({
      ...FAST_RETRY,
      printers: [{ name: 'cassa', area: 'tutto', target: tcp(printer, { paperCheck: true }) }],
    });
    const dashboard = await client(bridge);
    dashboard.send(printMessage(tableData(2), { jobId: 'paper-1' }));
    await dashboard.waitFor(
      statusWhere((s) => s.printers[0]?.lastError?.includes('carta esaurita') === true && s.queuedJobs === 1),
    );
    expect(printer.tickets).toHaveLength(0);
    expect(dashboard.of('ORDER_PRINTED_NOTIFICATION')).toHaveLength(0);
    printer.paperOut = false;
    await dashboard.waitFor(isAck('paper-1'));
    expect(printer.tickets).toHaveLength(1);
    expect(decodeEscpos(printer.tickets[0]!.bytes).text).toContain('Tavolo 2');
  });

  it('tells the status over the websocket and at GET /status, and serves the trust page', async () => {
    const printer = await fakePrinter();
    await printer.off();
    const bridge = await bridgeWith({
      ...FAST_RETRY,
      printers: [{ name: 'cassa', area: 'tutto', target: tcp(printer) }],
    });
    const dashboard = await client(bridge);
    dashboard.send(printMessage(tableData(1), { jobId: 's-1' }));
    dashboard.send(printMessage(tableData(2), { jobId: 's-2' }));
    await dashboard.waitForCount(isQueued(), 2);
    dashboard.send(JSON.stringify({ type: 'PRINTER_STATUS' }));
    const asked = await dashboard.waitFor(
      statusWhere((s) => s.queuedJobs === 2 && s.printers[0]?.online === false),
    );
    expect((asked as StatusFrame).data.printers[0]).toMatchObject({
      name: 'cassa',
      area: 'tutto',
      target: `tcp 127.0.0.1:${printer.port}`,
      online: false,
      queued: 2,
      lastError: expect.stringContaining('connessione rifiutata'),
    });

    const status = await httpsGet(bridge.port, '/status', bridge.tls.caCert);
    expect(status.status).toBe(200);
    expect(status.headers['access-control-allow-origin']).toBeUndefined();
    expect(JSON.parse(status.body)).toMatchObject({
      queuedJobs: 2,
      printers: [{ name: 'cassa', queued: 2 }],
    });

    const page = await httpsGet(bridge.port, '/', bridge.tls.caCert);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Certificato accettato');
    const ca = await httpsGet(bridge.port, '/comanda-print-bridge-ca.crt', bridge.tls.caCert);
    expect(ca.body).toBe(bridge.tls.caCert);

    await printer.on();
    await dashboard.waitForCount(isAck(), 2);
    expect(dashboard.of('ORDER_PRINTED_NOTIFICATION').map((f) => f.data.jobId)).toEqual(['s-1', 's-2']);
    await dashboard.waitFor(statusWhere((s) => s.queuedJobs === 0 && s.printers[0]?.online === true));
  });
});
