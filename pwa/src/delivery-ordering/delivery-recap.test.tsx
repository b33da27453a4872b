import { type DeliveryProgress, t, tf } from '@comanda/shared-schema';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeliveryRecap } from './delivery-recap.tsx';

/** A WebSocket the test drives: `connect` at once, then the frames the test pushes. */
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
    queueMicrotask(() => this.push('connect', { socketId: `sock-${FakeSocket.all.length}` }));
  }
  push(event: string, data: unknown) {
    this.onmessage?.({ data: JSON.stringify({ event, data }) } as MessageEvent);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}

const DELIVERY = '0b7f6b2e-7d7c-4c55-9f1b-1f2a3b4c5d6e';
const progress = (over: Partial<DeliveryProgress> = {}): DeliveryProgress => ({
  deliveryId: DELIVERY,
  status: 'pending',
  tipo: 'Consegna',
  orario: '20:30',
  primaPossibile: true,
  total: 1750,
  hasEmail: false,
  ...over,
});

function serverSays(...answers: DeliveryProgress[]) {
  const asked: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (String(url) !== '/api/user/delivery/status') return new Response('{}', { status: 404 });
      asked.push(JSON.parse(String(init?.body)));
      const delivery = answers.length > 1 ? answers.shift() : answers[0];
      return new Response(JSON.stringify({ success: true, delivery }), { status: 200 });
    }),
  );
  return asked;
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a delivery's result screen recap", () => {
  it('recaps type, time and total, and shows the venue accepting it live', async () => {
    const asked = serverSays(progress());
    render(<DeliveryRecap ownerId="v1" deliveryId={DELIVERY} initial={progress()} />);
    const recap = screen.getByRole('region', { name: t.deliveryRecap });
    expect(recap.textContent).toContain(t.delivery);
    expect(recap.textContent).toContain(tf.recapTime('20:30', true));
    expect(recap.textContent).toContain('17,50 €');
    expect(recap.textContent).toContain(t.deliveryStatusPending);
    expect(screen.getByRole('status').textContent).toBe(t.deliveryNextPending);
    // No address given: no word of an e-mail.
    expect(screen.queryByText(t.orderEmailWillFollow)).toBeNull();
    await waitFor(() => expect(asked).toEqual([{ ownerId: 'v1', deliveryId: DELIVERY }]));

    // The venue's own socket for this account (venue-wide, no table).
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1), { timeout: 5_000 });
    expect(FakeSocket.all[0]?.url).toContain('/live?ownerId=v1');
    expect(FakeSocket.all[0]?.url).not.toContain('tableId');
    await act(async () => {
      FakeSocket.all[0]?.push('deliveryStatus', { deliveryId: 'another-order', status: 'rejected' });
    });
    expect(recap.textContent).toContain(t.deliveryStatusPending);
    await act(async () => {
      FakeSocket.all[0]?.push('deliveryStatus', { deliveryId: DELIVERY, status: 'accepted' });
    });
    expect(recap.textContent).toContain(t.deliveryStatusAccepted);
    expect(screen.getByRole('status').textContent).toBe(tf.deliveryNextAccepted('Consegna', '20:30'));
  });

  it("reads the status on opening (a card payment's return page) and says the e-mail lines with an address", async () => {
    serverSays(progress({ status: 'accepted', tipo: 'Ritiro', primaPossibile: false, hasEmail: true }));
    render(<DeliveryRecap ownerId="v1" deliveryId={DELIVERY} />);
    const recap = await screen.findByRole('region', { name: t.deliveryRecap });
    expect(recap.textContent).toContain(t.pickup);
    expect(recap.textContent).toContain(t.deliveryStatusAccepted);
    expect(screen.getByRole('status').textContent).toBe(tf.deliveryNextAccepted('Ritiro', '20:30'));
    expect(screen.getByText(t.deliveryEmailSent)).toBeTruthy();
    expect(screen.getByText(t.checkSpam)).toBeTruthy();
  });

  it('reads again after the socket comes back (a decision missed while the phone slept)', async () => {
    const asked = serverSays(progress(), progress({ status: 'rejected' }));
    render(<DeliveryRecap ownerId="v1" deliveryId={DELIVERY} initial={progress()} />);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1), { timeout: 5_000 });
    await waitFor(() => expect(asked).toHaveLength(1));
    // A second `connect`: the connection was lost and made again.
    await act(async () => {
      FakeSocket.all[0]?.push('connect', { socketId: 'sock-again' });
    });
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(await screen.findByText(t.deliveryStatusRejected)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(t.deliveryNextRejected);
  });
});
