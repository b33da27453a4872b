import {
  PRINTER_MAX_ATTEMPTS as PRINT_MAX_RETRIES,
  PRINTER_RETRY_MS as PRINT_RETRY_MS,
} from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BridgeTokens, createBridgeTokens } from './bridge-tokens.ts';
import { asWebSocket, FakeBridgeSocket } from './fake-bridge-socket.ts';
import { PRINT_PROBE_MS, PrintConnection } from './print-connection.ts';

const URL = 'wss://cassa.local:3001/';
const TOKEN = 'T'.repeat(43);
const NEW_TOKEN = 'N'.repeat(43);
const noEvents = { addEventListener: () => {}, removeEventListener: () => {} };
let connection: PrintConnection;
let tokens: BridgeTokens;

beforeEach(() => {
  vi.useFakeTimers();
  FakeBridgeSocket.reset();
  tokens = createBridgeTokens({ storage: null, events: noEvents });
  // This tablet was paired with the bridge (Profilo): the retry rules below are about the socket.
  tokens.set(URL, TOKEN);
  connection = new PrintConnection({ WebSocket: asWebSocket, tokens });
});
afterEach(() => {
  connection.stop();
  vi.useRealTimers();
});

/** Fails the current attempt and waits `ms` for the next one. */
function failAndWait(ms: number) {
  FakeBridgeSocket.last?.fail();
  vi.advanceTimersByTime(ms);
}

describe('print connection (spec 4, 8, 9)', () => {
  it('retries every 5 s, 10 times, then flags the printer as erroring', () => {
    expect(PRINT_RETRY_MS).toBe(5_000);
    expect(PRINT_MAX_RETRIES).toBe(10);
    connection.setAddress(URL);
    connection.start();
    expect(FakeBridgeSocket.made.map((s) => s.url)).toEqual([URL]);
    expect(connection.state).toMatchObject({ status: 'connecting', socketError: false, printerError: false });

    FakeBridgeSocket.last?.fail();
    // The socket is not open: the notice shows at once; the printer is not flagged yet.
    expect(connection.state).toMatchObject({ status: 'closed', socketError: true, printerError: false });
    vi.advanceTimersByTime(4_999);
    expect(FakeBridgeSocket.made.length).toBe(1);
    vi.advanceTimersByTime(1);
    expect(FakeBridgeSocket.made.length).toBe(2);
    for (let retry = 2; retry <= 10; retry++) failAndWait(5_000);
    expect(FakeBridgeSocket.made.length).toBe(11);
    expect(connection.state).toMatchObject({ retries: 10, printerError: false });

    FakeBridgeSocket.last?.fail();
    expect(connection.state).toMatchObject({ socketError: true, printerError: true });
    // No more retries on the spec's schedule...
    vi.advanceTimersByTime(PRINT_PROBE_MS - 1);
    expect(FakeBridgeSocket.made.length).toBe(11);
    // ...only a quiet probe a minute later, which clears everything when the bridge is back.
    vi.advanceTimersByTime(1);
    expect(FakeBridgeSocket.made.length).toBe(12);
    expect(connection.state.printerError).toBe(true);
    FakeBridgeSocket.last?.open();
    expect(connection.state).toMatchObject({
      status: 'open',
      socketError: false,
      printerError: false,
      retries: 0,
    });
  });

  it('an open socket that drops starts a fresh cycle of 10 retries', () => {
    connection.setAddress(URL);
    connection.start();
    for (let i = 0; i < 4; i++) failAndWait(5_000);
    FakeBridgeSocket.last?.open();
    const opened = vi.fn();
    connection.opened$.subscribe(opened);
    FakeBridgeSocket.last?.fail();
    expect(connection.state).toMatchObject({ status: 'closed', socketError: true, retries: 0 });
    for (let i = 0; i < 10; i++) failAndWait(5_000);
    expect(connection.state.printerError).toBe(false);
    FakeBridgeSocket.last?.fail();
    expect(connection.state.printerError).toBe(true);
    expect(opened).not.toHaveBeenCalled();
  });

  it('an attempt that hangs counts as failed after 10 s', () => {
    connection.setAddress(URL);
    connection.start();
    vi.advanceTimersByTime(10_000);
    expect(connection.state).toMatchObject({ status: 'closed', socketError: true });
    vi.advanceTimersByTime(5_000);
    expect(FakeBridgeSocket.made.length).toBe(2);
  });

  it('no address: nothing to retry, the browser print is the way', () => {
    connection.start();
    connection.setAddress(null);
    expect(FakeBridgeSocket.made).toEqual([]);
    expect(connection.state).toMatchObject({ address: null, socketError: true, printerError: true });
    connection.setAddress(URL);
    expect(FakeBridgeSocket.made.length).toBe(1);
    expect(connection.state).toMatchObject({ socketError: false, printerError: false });
  });

  it('sends only while open, keeps the bridge status and passes its frames on', () => {
    connection.setAddress(URL);
    connection.start();
    expect(connection.send({ type: 'PRINTER_STATUS' })).toBe(false);
    const socket = FakeBridgeSocket.last;
    socket?.open();
    expect(connection.send({ type: 'PRINTER_STATUS' })).toBe(true);
    // On open it asks the status itself; each frame carries the device token.
    expect(socket?.sent).toEqual([
      { type: 'PRINTER_STATUS', token: TOKEN },
      { type: 'PRINTER_STATUS', token: TOKEN },
    ]);
    const frames = vi.fn();
    connection.frames$.subscribe(frames);
    const status = { printers: [{ name: 'cassa', online: true, queued: 0 }], queuedJobs: 0 };
    socket?.answer('PRINTER_STATUS', status);
    socket?.answer('PRINT_QUEUED', { jobId: 'j1' });
    socket?.onmessage?.({ data: 'not json' });
    socket?.answer('SOMETHING_ELSE', {});
    expect(connection.state.bridge).toEqual(status);
    expect(frames.mock.calls.map(([f]) => f.event)).toEqual(['PRINTER_STATUS', 'PRINT_QUEUED']);
  });

  it('a new address drops the old socket and starts over', () => {
    connection.setAddress(URL);
    connection.start();
    FakeBridgeSocket.last?.open();
    connection.setAddress('wss://10.0.0.2:3001/');
    expect(FakeBridgeSocket.made.map((s) => s.url)).toEqual([URL, 'wss://10.0.0.2:3001/']);
    expect(FakeBridgeSocket.made[0]?.readyState).toBe(3);
    expect(connection.state.status).toBe('connecting');
  });
});

describe('print connection: a tablet paired with the bridge (DESIGN.md "Abuse")', () => {
  it('sends the device token with every job, for the bridge it was paired with', () => {
    tokens.set('wss://10.0.0.2:3001/', NEW_TOKEN);
    connection.setAddress(URL);
    connection.start();
    const socket = FakeBridgeSocket.last;
    socket?.open();
    expect(connection.state).toMatchObject({ status: 'open', unpaired: false, printerError: false });
    const job = { type: 'PRINT_ORDER_TABLE', data: {}, sconto: 0, jobId: 'j1' };
    expect(connection.send(job)).toBe(true);
    expect(socket?.sent.at(-1)).toEqual({ ...job, token: TOKEN });
    connection.setAddress('wss://10.0.0.2:3001/');
    FakeBridgeSocket.last?.open();
    connection.send(job);
    expect(FakeBridgeSocket.last?.sent.at(-1)).toEqual({ ...job, token: NEW_TOKEN });
  });

  it('not paired: nothing is sent, the printer shows as not paired, automatic prints go to the browser', () => {
    tokens.forget(URL);
    connection.setAddress(URL);
    connection.start();
    const opened = vi.fn();
    connection.opened$.subscribe(opened);
    const socket = FakeBridgeSocket.last;
    socket?.open();
    expect(connection.state).toMatchObject({
      status: 'open',
      socketError: false,
      unpaired: true,
      printerError: true,
    });
    expect(connection.send({ type: 'PRINT_ORDER_TABLE', jobId: 'j1' })).toBe(false);
    expect(socket?.sent).toEqual([]);
    expect(opened).not.toHaveBeenCalled();
  });

  it('the bridge does not know the token: it is dropped, then a new pairing reconnects and sends again', () => {
    connection.setAddress(URL);
    connection.start();
    const opened = vi.fn();
    connection.opened$.subscribe(opened);
    const first = FakeBridgeSocket.last;
    first?.open();
    expect(opened).toHaveBeenCalledTimes(1);
    first?.answer('PRINT_ERROR', {
      code: 'NOT_PAIRED',
      error: 'Stampante non abbinata: inserisci il codice in Profilo',
      type: 'PRINTER_STATUS',
    });
    expect(connection.state).toMatchObject({ unpaired: true, printerError: true });
    expect(tokens.get(URL)).toBeNull();
    expect(connection.send({ type: 'PRINT_ORDER_TABLE', jobId: 'j1' })).toBe(false);

    // The owner pairs this tablet in Profilo: a fresh socket, the new token, everything again.
    tokens.set(URL, NEW_TOKEN);
    const second = FakeBridgeSocket.last;
    expect(second).not.toBe(first);
    second?.open();
    expect(second?.sent).toEqual([{ type: 'PRINTER_STATUS', token: NEW_TOKEN }]);
    expect(connection.state).toMatchObject({ unpaired: false, printerError: false });
    expect(opened).toHaveBeenCalledTimes(2);
  });
});
