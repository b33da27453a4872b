import { romeTime } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import UserChatScreen from './index.tsx';

const OWNER = '11111111-1111-4111-8111-111111111111';
const TABLE = '22222222-2222-4222-8222-222222222222';

/** The phone's socket, played by the test: the server says `connect`, then what the test pushes. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = 0;
  sent: Array<{ event: string; data: Record<string, unknown> }> = [];
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  push(event: string, data: unknown) {
    this.readyState = 1;
    act(() => this.onmessage?.({ data: JSON.stringify({ event, data }) }));
  }
  send(raw: string) {
    this.sent.push(JSON.parse(raw));
  }
  close() {
    this.readyState = 3;
  }
  drop() {
    this.readyState = 3;
    act(() => this.onclose?.({ code: 1006 }));
  }
  sentOf(event: string) {
    return this.sent.filter((f) => f.event === event).map((f) => f.data);
  }
}

const last = () => {
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error('no socket yet');
  return socket;
};

function api(opts: { valid?: boolean; chatEnabled?: 0 | 1 } = {}) {
  const { valid = true, chatEnabled = 1 } = opts;
  const routes: Record<string, [number, unknown]> = {
    '/api/user/isValidTable/get': valid
      ? [200, { success: true, number: 8 }]
      : [404, { success: false, code: 'TABLE_INVALID', error: 'Tavolo non valido.' }],
    '/api/user/chat/get': [200, { success: true, chatEnabled }],
    '/api/reservation/verify/businessId': [200, { success: true, businessId: OWNER, name: 'Trattoria Demo' }],
    '/api/user/table/call/get': [200, { success: true, call: null }],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const [status, body] = routes[new URL(url, 'http://x').pathname] ?? [404, {}];
      return new Response(JSON.stringify(body), { status });
    }),
  );
}

function renderChat() {
  const router = createMemoryRouter([{ path: '/user/chat/:ownerId/:tableId', Component: UserChatScreen }], {
    initialEntries: [`/user/chat/${OWNER}/${TABLE}`],
  });
  render(<RouterProvider router={router} />);
}

/** Waits for the socket, says `connect`, and answers the chat page's joinChat with `messages`. */
async function connect(messages: unknown[] = []) {
  await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  const socket = last();
  socket.push('connect', { socketId: 's1' });
  await waitFor(() => expect(socket.sentOf('joinChat')).toEqual([{ ownerId: OWNER, tableId: TABLE }]));
  socket.push('syncMessages', { tableId: TABLE, messages });
  return socket;
}

const box = () => screen.queryByRole('textbox', { name: 'Messaggio' });

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('customer chat /user/chat/{ownerId}/{tableId}', () => {
  it('an invalid table: says so, no input, no socket', async () => {
    api({ valid: false });
    renderChat();
    expect(await screen.findByText('Tavolo non valido.')).toBeTruthy();
    expect(box()).toBeNull();
    expect(FakeSocket.all).toEqual([]);
  });

  it('chat switched off: says so, no input; switched on live, the input opens', async () => {
    api({ chatEnabled: 0 });
    renderChat();
    expect(await screen.findByText('La chat non è attiva.', { selector: '.alert *, .alert' })).toBeTruthy();
    expect(box()).toBeNull();
    await waitFor(() => expect(FakeSocket.all.length).toBe(1));
    last().push('connect', { socketId: 's1' });
    last().push('enableChat', {});
    expect(await screen.findByRole('textbox', { name: 'Messaggio' })).toBeTruthy();
  });

  it('shows the history as text with sender and Rome time, sends with an id, and closes live when switched off', async () => {
    api();
    renderChat();
    const time = '2025-07-15T18:31:00.000Z';
    const socket = await connect([
      { id: 'a', tableId: TABLE, text: '<script>window.hacked = 1</script>', time, from: 'user' },
      { id: 'b', tableId: TABLE, text: 'Arriviamo', time: '2025-07-15T18:32:00.000Z', from: 'owner' },
    ]);
    const log = screen.getByRole('log', { name: 'Messaggi' });
    expect(within(log).getByText('<script>window.hacked = 1</script>')).toBeTruthy();
    expect(log.querySelector('script')).toBeNull();
    expect(within(log).getAllByText(romeTime(time).time)).toHaveLength(1);
    expect(within(log).getByText('Il locale')).toBeTruthy();
    expect(screen.getByText('Trattoria Demo · Tavolo 8')).toBeTruthy();

    const input = box();
    if (!input) throw new Error('no input');
    fireEvent.change(input, { target: { value: '  Il conto, grazie  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(socket.sentOf('sendMessage')).toHaveLength(1));
    const sent = socket.sentOf('sendMessage')[0];
    expect(sent).toEqual({
      ownerId: OWNER,
      tableId: TABLE,
      text: 'Il conto, grazie',
      id: expect.any(String),
    });
    expect(within(log).getByText('In invio…')).toBeTruthy();
    // The echo confirms it; the same message again (another replay) shows once.
    const echo = {
      id: sent?.id,
      tableId: TABLE,
      text: 'Il conto, grazie',
      time: '2025-07-15T18:33:00.000Z',
      from: 'user',
    };
    socket.push('recieveMessage', echo);
    socket.push('recieveMessage', echo);
    expect(within(log).getAllByText('Il conto, grazie')).toHaveLength(1);
    expect(within(log).queryByText('In invio…')).toBeNull();

    socket.push('disableChat', {});
    expect(box()).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('La chat non è attiva.');
  });

  it('a message written while the socket is down leaves after reconnecting, once', async () => {
    api();
    renderChat();
    const first = await connect();
    first.drop();
    const input = await screen.findByRole('textbox', { name: 'Messaggio' });
    expect(screen.getByText('Connessione assente: il messaggio partirà appena torna la linea.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Ci siete?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(first.sentOf('sendMessage')).toEqual([]);
    await waitFor(() => expect(FakeSocket.all.length).toBe(2), { timeout: 4_000 });
    const second = await connect();
    await waitFor(() => expect(second.sentOf('sendMessage')).toHaveLength(1));
    expect(second.sentOf('sendMessage')[0]).toMatchObject({ text: 'Ci siete?' });
  });

  it('a refused message shows the reason and can be put away', async () => {
    api();
    renderChat();
    const socket = await connect();
    const input = box();
    if (!input) throw new Error('no input');
    fireEvent.change(input, { target: { value: 'Undicesimo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(socket.sentOf('sendMessage')).toHaveLength(1));
    const id = socket.sentOf('sendMessage')[0]?.id;
    const reason = 'Troppi messaggi in poco tempo: attendi qualche secondo e riprova.';
    socket.push('messageRefused', { tableId: TABLE, id, code: 'CHAT_RATE_LIMITED', error: reason });
    expect(screen.getByText(reason)).toBeTruthy();
    expect(screen.getByText('Non inviato')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Scarta' }));
    await waitFor(() => expect(screen.queryByText('Undicesimo')).toBeNull());
  });
});
