import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallWaiter } from './call-waiter.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const OWNER = '11111111-1111-4111-8111-111111111111';
const TABLE = '22222222-2222-4222-8222-222222222222';

function answer(status: number, body: unknown) {
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
}

describe("customer's waiter call", () => {
  it('posts the table call with an idempotency key, says the waiter is coming and rests', async () => {
    const fetchMock = answer(200, { success: true });
    vi.stubGlobal('fetch', fetchMock);
    render(<CallWaiter ownerId={OWNER} tableId={TABLE} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Chiama il cameriere' }));
    });
    expect(await screen.findByText('Il cameriere sta arrivando')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toContain('/api/user/table/call');
    expect(JSON.parse(String(init?.body))).toEqual({ ownerId: OWNER, tableId: TABLE });
    expect(new Headers(init?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('button', { name: 'Chiama il cameriere' }).hasAttribute('disabled')).toBe(true);
  });

  it("shows the server's reason when the call is refused, and can try again", async () => {
    vi.stubGlobal(
      'fetch',
      answer(404, { success: false, code: 'TABLE_INVALID', error: 'Tavolo non valido.' }),
    );
    render(<CallWaiter ownerId={OWNER} tableId={TABLE} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Chiama il cameriere' }));
    });
    expect(await screen.findByText('Tavolo non valido.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Chiama il cameriere' }).hasAttribute('disabled')).toBe(false);
  });
});
