import type { PrintData, PrintLine } from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../data/errors.ts';
import { type BridgeTokens, createBridgeTokens } from './bridge-tokens.ts';
import { asWebSocket, FakeBridgeSocket } from './fake-bridge-socket.ts';
import { createJobStore, type JobStore, jobStorageKey } from './job-store.ts';
import { PrintConnection } from './print-connection.ts';
import { type MarkPrintedBody, PrintService, type PrintServiceDeps } from './print-service.ts';

const URL = 'wss://cassa.local:3001/';
const TOKEN = 'T'.repeat(43);

function line(id: string, over: Partial<PrintLine> = {}): PrintLine {
  return {
    id,
    deliveryId: 'D1',
    dishId: null,
    name: `Piatto ${id}`,
    price: 500,
    amount: 1,
    variant: [],
    selected_option: 'cucina',
    status: 'preparation',
    printed: 0,
    accettato: 1,
    lastUpdate: '2025-07-15T18:00:00.000Z',
    total: 500,
    variantLabels: [],
    ...over,
  };
}

function payload(lines: PrintLine[], over: Partial<PrintData> = {}): PrintData {
  return {
    id: 'D1',
    deliveryId: 'D1',
    tipo: 'Consegna',
    accettato: 1,
    isCalled: false,
    businessId: 'B1',
    status: 1,
    type: 'PRINT_ORDER_R_C',
    venueName: 'Trattoria Demo',
    filter: 'tutto',
    reservations: lines,
    totals: { subtotal: 1000, costoConsegna: 250, serviceFee: 0, total: 1250, sconto: 0, newTotal: 1250 },
    printedAt: '2025-07-15T18:00:00.000Z',
    ...over,
  };
}

/** localStorage as a second tab would see it: one Map, no browser needed. */
class MemoryStorage {
  readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  clear() {
    this.map.clear();
  }
  key() {
    return null;
  }
}

let storage: MemoryStorage;
let ids = 0;
const events = { addEventListener: () => {}, removeEventListener: () => {} };
/** This tablet's device tokens: paired with the bridge unless a test says otherwise. */
let tokens: BridgeTokens;

interface Harness {
  service: PrintService;
  connection: PrintConnection;
  store: JobStore;
  fetchPayload: ReturnType<typeof vi.fn<PrintServiceDeps['fetchPayload']>>;
  markPrinted: ReturnType<typeof vi.fn<(body: MarkPrintedBody) => Promise<unknown>>>;
  refresh: ReturnType<typeof vi.fn<() => void>>;
  mutations: Map<number, 'pending' | 'done' | 'refused'>;
  outboxChanged: () => void;
}

const harnesses: Harness[] = [];

function harness(data: PrintData = payload([line('a'), line('b', { selected_option: 'bar' })])): Harness {
  const store = createJobStore('biz', { storage: storage as unknown as Storage, events });
  const connection = new PrintConnection({ WebSocket: asWebSocket, tokens });
  const fetchPayload = vi.fn<PrintServiceDeps['fetchPayload']>(async () => data);
  const markPrinted = vi.fn(async (_body: MarkPrintedBody) => 1);
  const refresh = vi.fn();
  const mutations = new Map<number, 'pending' | 'done' | 'refused'>();
  let outboxChanged = () => {};
  const service = new PrintService({
    store,
    connection,
    fetchPayload,
    markPrinted,
    refresh,
    mutationState: async (id) => mutations.get(id) ?? 'done',
    watchOutbox: (changed) => {
      outboxChanged = changed;
      return () => {};
    },
    uuid: () => `job-${++ids}`,
  });
  connection.setAddress(URL);
  service.start();
  const h = {
    service,
    connection,
    store,
    fetchPayload,
    markPrinted,
    refresh,
    mutations,
    outboxChanged: () => outboxChanged(),
  };
  harnesses.push(h);
  return h;
}

/** Lets the service's promises (payload fetch, mark) settle, without asking for another pass. */
async function settle(_service: PrintService) {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0);
}

const printsSent = (socket = FakeBridgeSocket.last) =>
  socket?.sent.filter((f) => f.type !== 'PRINTER_STATUS') ?? [];

beforeEach(() => {
  vi.useFakeTimers();
  FakeBridgeSocket.reset();
  storage = new MemoryStorage();
  ids = 0;
  tokens = createBridgeTokens({ storage: storage as unknown as Storage, events });
  tokens.set(URL, TOKEN);
});
afterEach(() => {
  for (const h of harnesses.splice(0)) h.service.stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('print service: from print action to printed flag', () => {
  it('sends the server payload with a jobId, re-sends it after a reconnect until acknowledged, marks once', async () => {
    const h = harness();
    const job = h.service.print({ target: { deliveryId: 'D1' }, from: 'dashboard', filter: 'tutto' });
    await settle(h.service);
    expect(h.fetchPayload).toHaveBeenCalledWith('dash_orderPrinter_R_C', {
      deliveryId: 'D1',
      filter: 'tutto',
    });
    // Not open yet: nothing sent, the job waits.
    expect(printsSent()).toEqual([]);
    const first = FakeBridgeSocket.last;
    first?.open();
    await settle(h.service);
    expect(printsSent(first)).toEqual([
      {
        type: 'PRINT_ORDER_R_C',
        data: payload([line('a'), line('b', { selected_option: 'bar' })]),
        sconto: 0,
        jobId: job.jobId,
        token: TOKEN,
      },
    ]);
    first?.answer('PRINT_QUEUED', { jobId: job.jobId, duplicate: false });
    expect(h.store.get(job.jobId)?.queued).toBe(true);

    // The socket drops before the printer is done: the same message goes again on the next one.
    first?.fail();
    await vi.advanceTimersByTimeAsync(5_000);
    const second = FakeBridgeSocket.last;
    expect(second).not.toBe(first);
    second?.open();
    await settle(h.service);
    expect(printsSent(second).map((f) => f.jobId)).toEqual([job.jobId]);
    // Other pumps on the same socket do not send it twice.
    h.service.pump();
    await settle(h.service);
    expect(printsSent(second).length).toBe(1);

    second?.answer('ORDER_PRINTED_NOTIFICATION', { jobId: job.jobId, duplicate: true });
    second?.answer('ORDER_PRINTED_NOTIFICATION', { jobId: job.jobId, duplicate: true });
    await settle(h.service);
    expect(h.markPrinted.mock.calls).toEqual([
      [{ tableId: 'D1', selected_option: 'tutto', ids: ['a', 'b'] }],
    ]);
    expect(h.store.list()).toEqual([]);
    // Spec 9: the entries are refreshed a second after printing.
    expect(h.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.refresh).toHaveBeenCalledTimes(1);

    // A later reconnect sends nothing again: no double print.
    second?.fail();
    await vi.advanceTimersByTimeAsync(5_000);
    FakeBridgeSocket.last?.open();
    await settle(h.service);
    expect(printsSent()).toEqual([]);
  });

  it('a job waits for the accept to reach the server; a refused accept prints nothing', async () => {
    const h = harness();
    FakeBridgeSocket.last?.open();
    h.mutations.set(7, 'pending');
    h.mutations.set(8, 'pending');
    const accepted = h.service.autoPrint({ target: { deliveryId: 'D1' }, from: 'order', afterMutation: 7 });
    const refused = h.service.autoPrint({ target: { deliveryId: 'D2' }, from: 'order', afterMutation: 8 });
    await settle(h.service);
    expect(h.fetchPayload).not.toHaveBeenCalled();
    h.mutations.set(7, 'done');
    h.mutations.set(8, 'refused');
    h.outboxChanged();
    await settle(h.service);
    expect(h.fetchPayload.mock.calls).toEqual([['orderPrinter_R_C', { deliveryId: 'D1', filter: 'tutto' }]]);
    expect(printsSent().map((f) => f.jobId)).toEqual([accepted?.jobId]);
    expect(h.store.get(refused?.jobId ?? '')).toBeUndefined();
  });

  it('no answer from the server: asked again later; a gone entry or an empty payload: dropped', async () => {
    const h = harness();
    FakeBridgeSocket.last?.open();
    h.fetchPayload.mockRejectedValueOnce(new NetworkError('offline', 'offline'));
    const job = h.service.print({ target: { tableId: 'T1' }, from: 'dashboard' });
    await settle(h.service);
    expect(printsSent()).toEqual([]);
    await vi.advanceTimersByTimeAsync(5_000);
    await settle(h.service);
    expect(printsSent().map((f) => f.jobId)).toEqual([job.jobId]);

    h.fetchPayload.mockRejectedValueOnce(new ApiError(404, 'NOT_FOUND', 'Nessun ordine aperto'));
    const gone = h.service.print({ target: { tableId: 'T2' }, from: 'dashboard' });
    h.fetchPayload.mockResolvedValueOnce(payload([]));
    const empty = h.service.print({ target: { tableId: 'T3' }, from: 'order' });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await settle(h.service);
    expect(h.store.get(gone.jobId)).toBeUndefined();
    expect(h.store.get(empty.jobId)).toBeUndefined();
    expect(printsSent().length).toBe(1);
  });

  it('printing has failed: an automatic print waits for the browser, never for the bridge', async () => {
    const h = harness();
    h.connection.setAddress(null);
    expect(h.connection.state.printerError).toBe(true);
    const job = h.service.autoPrint({ target: { tableId: 'T1' }, from: 'order' });
    await settle(h.service);
    expect(job?.via).toBe('browser');
    expect(h.fetchPayload).not.toHaveBeenCalled();
    expect(h.service.waiting().map((j) => j.jobId)).toEqual([job?.jobId]);
    expect(h.service.state).toMatchObject({ pending: 0, waiting: 1 });

    // The browser view printed it: gone from the queue, its lines marked.
    const data = payload([line('a'), line('c', { printed: 1 })]);
    await h.service.printedByBrowser([{ job: job ?? h.store.list()[0]!, data }]);
    expect(h.store.list()).toEqual([]);
    expect(h.markPrinted.mock.calls).toEqual([[{ tableId: 'T1', selected_option: 'tutto', ids: ['a'] }]]);
  });

  it('two automatic prints of one order before the first is acknowledged: the second leaves its lines out', async () => {
    const h = harness(payload([line('a')]));
    FakeBridgeSocket.last?.open();
    const first = h.service.autoPrint({ target: { deliveryId: 'D1' }, from: 'order' });
    await settle(h.service);
    h.fetchPayload.mockResolvedValueOnce(payload([line('a'), line('b')]));
    const second = h.service.autoPrint({ target: { deliveryId: 'D1' }, from: 'order' });
    await settle(h.service);
    const sent = printsSent() as Array<{ jobId: string; data: PrintData }>;
    expect(sent.map((f) => [f.jobId, f.data.reservations.map((l) => l.id)])).toEqual([
      [first?.jobId, ['a']],
      [second?.jobId, ['b']],
    ]);
  });

  it('an unknown type or a refused message: a console warning, the job dropped; a full disk: sent again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const h = harness();
    const socket = FakeBridgeSocket.last;
    socket?.open();
    const job = h.service.print({ target: { deliveryId: 'D1' }, from: 'dashboard' });
    await settle(h.service);
    socket?.answer('PRINT_ERROR', { code: 'QUEUE_FAILED', error: 'disco', jobId: job.jobId });
    await vi.advanceTimersByTimeAsync(5_000);
    await settle(h.service);
    expect(printsSent(socket).map((f) => f.jobId)).toEqual([job.jobId, job.jobId]);
    socket?.answer('PRINT_ERROR', {
      code: 'UNKNOWN_TYPE',
      error: 'Tipo di stampa sconosciuto: X',
      type: 'X',
      jobId: job.jobId,
    });
    expect(warn).toHaveBeenCalledWith(
      'print bridge refused',
      'UNKNOWN_TYPE',
      'X',
      'Tipo di stampa sconosciuto: X',
    );
    expect(h.store.list()).toEqual([]);
  });

  it('the bridge does not know this tablet: the job is kept, not dropped, and goes once it is paired', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const h = harness();
    const first = FakeBridgeSocket.last;
    first?.open();
    const job = h.service.print({ target: { deliveryId: 'D1' }, from: 'dashboard' });
    await settle(h.service);
    expect(printsSent(first).map((f) => f.jobId)).toEqual([job.jobId]);
    first?.answer('PRINT_ERROR', {
      code: 'NOT_PAIRED',
      error: 'Stampante non abbinata: inserisci il codice in Profilo',
      type: 'PRINT_ORDER_R_C',
      jobId: job.jobId,
    });
    await settle(h.service);
    expect(h.store.get(job.jobId)).toBeDefined();
    expect(h.service.state.printer).toMatchObject({ unpaired: true, printerError: true });
    // Not queued by the bridge: the browser view can print it meanwhile.
    expect(h.service.waiting().map((j) => j.jobId)).toEqual([job.jobId]);
    expect(warn).not.toHaveBeenCalled();

    tokens.set(URL, 'N'.repeat(43));
    FakeBridgeSocket.last?.open();
    await settle(h.service);
    expect(printsSent().map((f) => [f.jobId, f.token])).toEqual([[job.jobId, 'N'.repeat(43)]]);
  });

  it('a reload loses nothing: the next page sends the kept job with the same jobId and payload', async () => {
    const h = harness();
    const job = h.service.print({ target: { deliveryId: 'D1' }, from: 'dashboard' });
    await settle(h.service);
    expect(h.store.get(job.jobId)?.message).toBeDefined();
    expect(JSON.parse(storage.getItem(jobStorageKey('biz')) ?? '[]')).toHaveLength(1);
    h.service.stop();

    const after = harness();
    FakeBridgeSocket.last?.open();
    await settle(after.service);
    expect(after.fetchPayload).not.toHaveBeenCalled();
    expect(printsSent().map((f) => f.jobId)).toEqual([job.jobId]);
  });
});
