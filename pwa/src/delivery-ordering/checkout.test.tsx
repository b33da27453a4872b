import { t } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Checkout } from './checkout.tsx';
import { deliveryOptions, storePickupForm, twoMarinara } from './test-fixtures.ts';

const options = deliveryOptions;
const lines = twoMarinara;
const storeForm = () => storePickupForm();

type Answer = { status: number; body: object };

function stubServer(answers: Answer[]) {
  const sends: Array<{ key: string | null; body: Record<string, unknown> }> = [];
  let optionReads = 0;
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    if (path === '/api/user/deliveryOptions') {
      optionReads++;
      const body =
        optionReads > 1
          ? options(['20:15', '20:30'], ['20:15', '20:30'])
          : options(['20:00', '20:15'], ['20:00', '20:15']);
      return new Response(JSON.stringify({ success: true, result: body }), { status: 200 });
    }
    if (path === '/api/reservation/user/orderDelivery') {
      sends.push({
        key: new Headers(init?.headers).get('idempotency-key'),
        body: JSON.parse(String(init?.body)),
      });
      const answer = answers.shift() ?? {
        status: 500,
        body: { success: false, code: 'INTERNAL', error: 'x' },
      };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }
    return new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', error: path }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return { sends, optionReads: () => optionReads };
}

const refusal = (status: number, code: string, error: string, issues?: object[]) => ({
  status,
  body: { success: false, code, error, ...(issues ? { issues } : {}) },
});
const stored = {
  status: 200,
  body: {
    success: true,
    deliveryId: 'x',
    table: { id: 'x', deliveryId: 'x', tipo: 'Ritiro', status: 1, accettato: 0, reservations: [] },
  },
};

function renderCheckout() {
  const onPlaced = vi.fn();
  const onLeave = vi.fn();
  const onClose = vi.fn();
  render(
    <Checkout
      ownerId="v1"
      owner={false}
      lines={lines}
      initialOptions={options(['20:00', '20:15'], ['20:00', '20:15'])}
      socketId={() => undefined}
      onClose={onClose}
      onLeave={onLeave}
      onPlaced={onPlaced}
    />,
  );
  return { onPlaced, onLeave, onClose };
}

async function toSummary() {
  fireEvent.click(await screen.findByRole('button', { name: t.orderSummary }));
  return screen.findByRole('button', { name: t.sendOrder });
}

beforeEach(() => {
  sessionStorage.clear();
  storeForm();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the delivery checkout', () => {
  it('sends the form with the fee it showed and one Idempotency-Key, then hands over the answer', async () => {
    const server = stubServer([stored]);
    const { onPlaced } = renderCheckout();
    fireEvent.click(await toSummary());
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    expect(server.sends).toHaveLength(1);
    expect(server.sends[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.sends[0]?.body).toMatchObject({
      tipo: 'Ritiro',
      nome: 'Anna',
      primaPossibile: true,
      orario: '20:00',
      costoConsegna: 0,
      ownerId: 'v1',
      cart: [{ id: 'd1', amount: 2 }],
    });
    // The form is forgotten once the order is stored.
    expect(sessionStorage.getItem('dataClient')).toBeNull();
    expect(sessionStorage.getItem('deliveryAttempt')).toBeNull();
  });

  it('slot taken: the dialog, then fresh slots and the form again, and a new attempt', async () => {
    const server = stubServer([refusal(409, 'SLOT_TAKEN', t.slotTakenTitle), stored]);
    const { onPlaced } = renderCheckout();
    fireEvent.click(await toSummary());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(t.slotTakenTitle);
    const reads = server.optionReads();
    fireEvent.click(screen.getByRole('button', { name: t.chooseAnotherTime }));
    await waitFor(() => expect(server.optionReads()).toBe(reads + 1));
    expect(await screen.findByRole('form', { name: t.completeOrderStep })).toBeTruthy();
    // 'Prima possibile' now starts later; the next send is a new attempt with the new time.
    await screen.findByText(/20:15 - 20:30/);
    fireEvent.click(await toSummary());
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    expect(server.sends[1]?.key).not.toBe(server.sends[0]?.key);
    expect(server.sends[1]?.body.orario).toBe('20:15');
  });

  it("delivery switched off: the dialog's 'torna indietro' leaves the checkout", async () => {
    stubServer([refusal(409, 'DELIVERY_DISABLED', t.deliveryDisabledTitle)]);
    const { onLeave, onPlaced } = renderCheckout();
    fireEvent.click(await toSummary());
    expect((await screen.findByRole('alertdialog')).textContent).toContain(t.deliveryDisabledTitle);
    fireEvent.click(screen.getByRole('button', { name: t.goBack }));
    expect(onLeave).toHaveBeenCalledTimes(1);
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it("the server's field messages take the customer back to the form", async () => {
    stubServer([refusal(400, 'VALIDATION', 'no', [{ path: 'nome', message: t.requiredField }])]);
    renderCheckout();
    fireEvent.click(await toSummary());
    expect(await screen.findByRole('form', { name: t.completeOrderStep })).toBeTruthy();
    expect(screen.getByText(t.requiredField)).toBeTruthy();
  });

  it('a changed fee stays on the summary with the reason, after reading the options again', async () => {
    const server = stubServer([refusal(409, 'FEE_CHANGED', t.deliveryFeeChanged)]);
    renderCheckout();
    fireEvent.click(await toSummary());
    expect(await screen.findByText(t.deliveryFeeChanged)).toBeTruthy();
    expect(screen.getByRole('button', { name: t.sendOrder })).toBeTruthy();
    await waitFor(() => expect(server.optionReads()).toBe(2));
  });

  it('a lost answer is retried with the same key and the same deliveryId', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const server = stubServer([
        { status: 503, body: { success: false, code: 'UNAVAILABLE', error: 'x' } },
        stored,
      ]);
      const { onPlaced } = renderCheckout();
      fireEvent.click(await toSummary());
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1500);
      });
      await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
      expect(server.sends).toHaveLength(2);
      expect(server.sends[1]?.key).toBe(server.sends[0]?.key);
      expect(server.sends[1]?.body.deliveryId).toBe(server.sends[0]?.body.deliveryId);
    } finally {
      vi.useRealTimers();
    }
  });
});
