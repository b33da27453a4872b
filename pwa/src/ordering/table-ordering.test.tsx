import { type MenuDish, SESSION_STORAGE_KEYS, t, tf } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCartStores } from './cart-store.ts';
import { checksReadKey, forgetEarlyReads, menuReadKey, peekEarlyRead } from './early-reads.ts';
import { TableOrdering } from './table-ordering.tsx';
import { startTableReads } from './table-preload.ts';

/** A WebSocket the test drives: the server says `connect`, then whatever frames the test pushes. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = 1;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
    setTimeout(() => this.push('connect', { socketId: 'sock-1' }), 0);
  }
  push(event: string, data: unknown) {
    this.onmessage?.({ data: JSON.stringify({ event, data }) } as MessageEvent);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}

/** As the server answers them: sorted by name (spec 2.7; the server's customer-reads tests). */
const dishes: MenuDish[] = [
  { id: 'd1', name: 'Margherita', price: 600, categoryId: 'c1', categoryName: 'Pizze', variants: [] },
  { id: 'd2', name: 'Marinara', price: 500, categoryId: 'c1', categoryName: 'Pizze', variants: [] },
];

interface Flags {
  orderEnabled?: 0 | 1;
  isClosed?: 0 | 1;
  tableValid?: boolean;
  venueValid?: boolean;
}

function stubServer(flags: Flags = {}) {
  const orders: Array<{ key: string | null; body: unknown }> = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    const ok = (data: object) => new Response(JSON.stringify({ success: true, ...data }), { status: 200 });
    const refuse = (status: number, code: string, error: string) =>
      new Response(JSON.stringify({ success: false, code, error }), { status });
    switch (path) {
      case '/api/reservation/verify/businessId':
        return flags.venueValid === false
          ? refuse(404, 'business_id_error', 'no')
          : ok({ businessId: 'v1', name: 'Trattoria Demo' });
      case '/api/user/isValidTable/get':
        return flags.tableValid === false ? refuse(404, 'TABLE_INVALID', 'no') : ok({ number: 4 });
      case '/api/user/orderEnabled/get':
        return ok({ orderEnabled: flags.orderEnabled ?? 1 });
      case '/api/user/dataUser/getClosedStatus':
        return ok({
          is_closed: flags.isClosed ?? 0,
          messaggioChiusura: null,
          openingTime: '18:00',
          closingTime: '02:00',
        });
      case '/api/menu/user/get':
        return ok({ data: dishes, categories: [{ id: 'c1', name: 'Pizze', position: 0, area: 'cucina' }] });
      case '/api/reservation/user/order':
        orders.push({ key: new Headers(init?.headers).get('idempotency-key'), body });
        return ok({ tableId: 't1', lines: [] });
      default:
        return refuse(404, 'NOT_FOUND', path);
    }
  });
  vi.stubGlobal('fetch', fetch);
  const requests = (path: string) => fetch.mock.calls.filter(([url]) => String(url) === path).length;
  return { orders, requests, total: () => fetch.mock.calls.length };
}

/** The table checks and the menu: what the route's loader reads early. */
const READS = [
  '/api/reservation/verify/businessId',
  '/api/user/isValidTable/get',
  '/api/user/orderEnabled/get',
  '/api/user/dataUser/getClosedStatus',
  '/api/menu/user/get',
];

function renderOrdering(mode: 'menu' | 'cart' = 'menu') {
  render(
    <MemoryRouter>
      <TableOrdering ownerId="v1" tableId="t1" actor="user" mode={mode} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  resetCartStores();
  forgetEarlyReads();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  // jsdom has no CSS.escape; react-aria's modals read a meta tag with it.
  vi.stubGlobal('CSS', { escape: (s: string) => s.replace(/[^\w-]/g, (c) => `\\${c}`) });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('customer table ordering', () => {
  it('checks the table, lists the dishes in the order answered, orders once and shows the result', async () => {
    const { orders } = stubServer();
    renderOrdering();
    expect(await screen.findByRole('heading', { name: tf.table(4) })).toBeTruthy();
    const cards = await screen.findAllByRole('button', { name: /^Mar/ });
    expect(cards.map((c) => c.textContent)).toEqual(['Margherita', 'Marinara']);
    expect(screen.getByText(t.cartEmpty)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Margherita' }));
      fireEvent.click(screen.getByRole('button', { name: 'Margherita' }));
    });
    const order = screen.getByRole('button', { name: tf.orderButton(1200) });
    await act(async () => {
      fireEvent.click(order);
    });
    expect(await screen.findByRole('heading', { name: t.orderSuccessCustomer })).toBeTruthy();
    // A table's order sends no e-mail: the result points to the table's Storico instead.
    expect(screen.queryByText(t.orderEmailWillFollow)).toBeNull();
    expect(screen.getByText(t.tableOrderInHistory)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.goToHistory }).getAttribute('href')).toBe(
      '/user/history/v1/t1',
    );
    expect(orders).toHaveLength(1);
    expect(orders[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(orders[0]?.body).toMatchObject({ tableId: 't1', ownerId: 'v1', cart: [{ id: 'd1', amount: 2 }] });
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.cart)).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.reservationDishes)).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: t.close }));
    });
    expect(screen.getByText(t.cartEmpty)).toBeTruthy();
  });

  it("an empty cart says so and offers no 'Ordina 0,00€'", async () => {
    stubServer();
    renderOrdering('cart');
    expect(await screen.findByText(t.cartEmpty)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Ordina/ })).toBeNull();
    expect(screen.queryByText(t.orderTotal)).toBeNull();
  });

  it("uses the reads the route's loader started: the first render has the menu, nothing is asked twice", async () => {
    const { requests, total } = stubServer();
    startTableReads({ ownerId: 'v1', tableId: 't1' }, 'user', 'menu');
    // The answers land before the screen mounts, as they do behind the guard.
    await waitFor(() => {
      expect(peekEarlyRead(checksReadKey('user', 'v1', 't1'))).not.toBeNull();
      expect(peekEarlyRead(menuReadKey('user', 'v1'))).not.toBeNull();
    });
    expect(total()).toBe(5);
    renderOrdering();
    expect(screen.getByRole('heading', { name: tf.table(4) })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Margherita' })).toBeTruthy();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    // Each read once (the live socket's own reads, once the page is idle, are not these).
    for (const path of READS) expect(requests(path)).toBe(1);
  });

  it('reads again what the early reads could not get (no session yet, say)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, code: 'UNAUTHORIZED', error: 'no' }), {
            status: 401,
          }),
      ),
    );
    startTableReads({ ownerId: 'v1', tableId: 't1' }, 'user', 'menu');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const { requests } = stubServer();
    renderOrdering();
    expect(await screen.findByRole('button', { name: 'Margherita' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: tf.table(4) })).toBeTruthy();
    expect(requests('/api/menu/user/get')).toBe(1);
  });

  it("says ordering is disabled above the dishes, whose '+' are off, and follows the live enableOrder", async () => {
    stubServer({ orderEnabled: 0 });
    renderOrdering();
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe(t.orderingDisabled);
    const marinara = await screen.findByRole('button', { name: 'Marinara' });
    expect(marinara.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Margherita' }).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(FakeSocket.all[0]?.url).toContain('/live?ownerId=v1&tableId=t1'));
    await act(async () => {
      FakeSocket.all[0]?.push('enableOrder', {});
    });
    expect(screen.queryByText(t.orderingDisabled)).toBeNull();
    expect(marinara.hasAttribute('disabled')).toBe(false);
    await act(async () => {
      fireEvent.click(marinara);
    });
    expect(screen.getByRole('button', { name: tf.orderButton(500) }).hasAttribute('disabled')).toBe(false);
    // Switched off again with a cart: the cart says why and its button waits.
    await act(async () => {
      FakeSocket.all[0]?.push('disableOrder', {});
    });
    expect(screen.getByRole('button', { name: tf.orderButton(500) }).hasAttribute('disabled')).toBe(true);
    expect(marinara.hasAttribute('disabled')).toBe(true);
  });

  it('live eraseOrder empties the cart and says why', async () => {
    stubServer();
    renderOrdering();
    const marinara = await screen.findByRole('button', { name: 'Marinara' });
    await act(async () => {
      fireEvent.click(marinara);
    });
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    await act(async () => {
      FakeSocket.all[0]?.push('eraseOrder', { tableId: 't1' });
    });
    expect(screen.getByText(t.orderErased)).toBeTruthy();
    expect(screen.getByText(t.cartEmpty)).toBeTruthy();
  });

  it('shows the closed-venue screen with the hours', async () => {
    stubServer({ isClosed: 1 });
    renderOrdering();
    expect(await screen.findByText(t.venueClosed)).toBeTruthy();
    expect(screen.getByText(tf.openingHours('18:00', '02:00'))).toBeTruthy();
    expect(screen.queryByText(t.checkOpeningHours)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Margherita' })).toBeNull();
  });

  it('explains an invalid table and an unknown venue', async () => {
    stubServer({ tableValid: false });
    renderOrdering();
    expect(await screen.findByText(t.invalidTable)).toBeTruthy();
    cleanup();
    stubServer({ venueValid: false });
    renderOrdering('cart');
    expect(await screen.findByText(t.businessIdError)).toBeTruthy();
  });
});
