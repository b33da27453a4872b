import { romeTime, WAITER_ANSWER_SHOWN_MS, WAITER_CALL_COOLDOWN_MS } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveConnection } from '../live/connection.ts';
import { ANSWER_SHOWN_MS, CALL_AGAIN_AFTER_MS, CallWaiter, romeClockOf } from './call-waiter.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const OWNER = '11111111-1111-4111-8111-111111111111';
const TABLE = '22222222-2222-4222-8222-222222222222';
const CALLED_AT = '2025-07-15T18:31:00.000Z';
const ANSWERED_AT = '2025-07-15T18:33:00.000Z';
const button = () => screen.getByRole('button', { name: 'Chiama il cameriere' });

/** A fetch that answers each path with the given status and body. */
function server(routes: Record<string, [number, unknown] | (() => [number, unknown])>) {
  return vi.fn(async (url: string, _init?: RequestInit) => {
    const path = new URL(url, 'http://x').pathname;
    const route = routes[path];
    const [status, body] = typeof route === 'function' ? route() : (route ?? [404, {}]);
    return new Response(JSON.stringify(body), { status });
  });
}

/** Only what CallWaiter uses of the live connection. */
function fakeConnection() {
  const discard = new Subject<{ tableId: string; answeredAt?: string }>();
  const connected = new Subject<string>();
  const connection = {
    on: () => discard.asObservable(),
    connected$: connected.asObservable(),
  } as unknown as LiveConnection;
  return { connection, discard, connected };
}

describe("customer's waiter call", () => {
  it('keeps the same wait as the server, and the same Rome clock as shared-schema', () => {
    expect(CALL_AGAIN_AFTER_MS).toBe(WAITER_CALL_COOLDOWN_MS);
    expect(ANSWER_SHOWN_MS).toBe(WAITER_ANSWER_SHOWN_MS);
    // Summer, winter, both sides of midnight and of the daylight-saving change.
    for (const iso of [
      CALLED_AT,
      '2025-01-15T23:05:00.000Z',
      '2025-03-30T00:59:00.000Z',
      '2025-03-30T01:00:00.000Z',
      '2025-10-26T00:30:00.000Z',
      '2025-10-26T01:30:00.000Z',
    ]) {
      expect(romeClockOf(iso)).toBe(romeTime(iso).time);
    }
  });

  it('posts the call with an idempotency key, says it was received and when, and waits 2 minutes', async () => {
    let called = false;
    const fetchMock = server({
      '/api/user/table/call': () => {
        called = true;
        return [200, { success: true }];
      },
      '/api/user/table/call/get': () => [
        200,
        {
          success: true,
          call: called
            ? { calledAt: CALLED_AT, answeredAt: null, callAgainInMs: WAITER_CALL_COOLDOWN_MS }
            : null,
        },
      ],
    });
    vi.stubGlobal('fetch', fetchMock);
    render(<CallWaiter ownerId={OWNER} tableId={TABLE} />);
    // The state is read a moment after the screen opens.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), { timeout: 3_000 });
    expect(button().hasAttribute('disabled')).toBe(false);
    await act(async () => {
      fireEvent.click(button());
    });
    expect(await screen.findByText(`Chiamata ricevuta alle ${romeTime(CALLED_AT).time}`)).toBeTruthy();
    expect(screen.getByText('Il cameriere sta arrivando')).toBeTruthy();
    expect(screen.getByText(/^Puoi chiamare di nuovo tra (2:00|1:59)$/)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/user/table/call'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ ownerId: OWNER, tableId: TABLE });
    expect(new Headers(post?.[1]?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(button().hasAttribute('disabled')).toBe(true);
  });

  it('tells when a waiter saw the call, live, and reads the state again after a reconnect', async () => {
    const fetchMock = server({
      '/api/user/table/call/get': [
        200,
        { success: true, call: { calledAt: CALLED_AT, answeredAt: null, callAgainInMs: 60_000 } },
      ],
    });
    vi.stubGlobal('fetch', fetchMock);
    const live = fakeConnection();
    render(<CallWaiter ownerId={OWNER} tableId={TABLE} connection={live.connection} />);
    expect(await screen.findByText('Il cameriere sta arrivando', {}, { timeout: 3_000 })).toBeTruthy();
    act(() => live.discard.next({ tableId: 'another-table', answeredAt: ANSWERED_AT }));
    expect(screen.getByText('Il cameriere sta arrivando')).toBeTruthy();
    act(() => live.discard.next({ tableId: TABLE, answeredAt: ANSWERED_AT }));
    expect(
      screen.getByText(`Il cameriere ha visto la chiamata alle ${romeTime(ANSWERED_AT).time}`),
    ).toBeTruthy();
    act(() => live.connected.next('s2'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });

  it('another phone called moments ago: the button waits, then works again', async () => {
    vi.stubGlobal(
      'fetch',
      server({
        '/api/user/table/call/get': [
          200,
          { success: true, call: { calledAt: CALLED_AT, answeredAt: null, callAgainInMs: 1_500 } },
        ],
      }),
    );
    render(<CallWaiter ownerId={OWNER} tableId={TABLE} />);
    expect(
      await screen.findByText(/^Puoi chiamare di nuovo tra 0:0[12]$/, {}, { timeout: 3_000 }),
    ).toBeTruthy();
    expect(button().hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(button().hasAttribute('disabled')).toBe(false), { timeout: 4_000 });
    expect(screen.queryByText(/Puoi chiamare di nuovo/)).toBeNull();
  });

  it("shows the server's reason when the call is refused, and can try again", async () => {
    vi.stubGlobal(
      'fetch',
      server({
        '/api/user/table/call': [404, { success: false, code: 'TABLE_INVALID', error: 'Tavolo non valido.' }],
        '/api/user/table/call/get': [
          404,
          { success: false, code: 'TABLE_INVALID', error: 'Tavolo non valido.' },
        ],
      }),
    );
    render(<CallWaiter ownerId={OWNER} tableId={TABLE} />);
    await act(async () => {
      fireEvent.click(button());
    });
    expect(await screen.findByText('Tavolo non valido.')).toBeTruthy();
    expect(button().hasAttribute('disabled')).toBe(false);
  });

  it("clears 'ha visto la chiamata' once the call is done, however the phone learned of the answer", async () => {
    // Read from the server: answered a while ago, a second before the line goes.
    vi.stubGlobal(
      'fetch',
      server({
        '/api/user/table/call/get': [
          200,
          {
            success: true,
            call: {
              calledAt: CALLED_AT,
              answeredAt: ANSWERED_AT,
              callAgainInMs: 0,
              answeredAgoMs: ANSWER_SHOWN_MS - 1_000,
            },
          },
        ],
      }),
    );
    const answered = `Il cameriere ha visto la chiamata alle ${romeTime(ANSWERED_AT).time}`;
    render(<CallWaiter ownerId={OWNER} tableId={TABLE} />);
    expect(await screen.findByText(answered, {}, { timeout: 3_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(answered)).toBeNull(), { timeout: 3_000 });
    expect(screen.queryByText(/Chiamata ricevuta/)).toBeNull();
    expect(button().hasAttribute('disabled')).toBe(false);
  });

  it('clears it ANSWER_SHOWN_MS after a live answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal(
      'fetch',
      server({
        '/api/user/table/call/get': [
          200,
          { success: true, call: { calledAt: CALLED_AT, answeredAt: null, callAgainInMs: 60_000 } },
        ],
      }),
    );
    const live = fakeConnection();
    render(<CallWaiter ownerId={OWNER} tableId={TABLE} connection={live.connection} />);
    expect(await screen.findByText('Il cameriere sta arrivando', {}, { timeout: 3_000 })).toBeTruthy();
    act(() => live.discard.next({ tableId: TABLE, answeredAt: ANSWERED_AT }));
    const answered = `Il cameriere ha visto la chiamata alle ${romeTime(ANSWERED_AT).time}`;
    expect(screen.getByText(answered)).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(ANSWER_SHOWN_MS - 1_000);
    });
    expect(screen.getByText(answered)).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.queryByText(answered)).toBeNull();
  });
});
