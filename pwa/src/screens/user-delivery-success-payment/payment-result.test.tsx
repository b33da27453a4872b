import { t, tf } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storePickupForm, twoMarinara } from '../../delivery-ordering/test-fixtures.ts';
import { newStripeStub, type StripeStub } from '../../delivery-ordering/test-stripe.tsx';
import { resetCartStores } from '../../ordering/cart-store.ts';
import UserDeliverySuccessPaymentScreen from './index.tsx';
import { PROCESSING_POLL_MS } from './use-payment-status.ts';

const stripeRef = vi.hoisted(() => ({ current: null as StripeStub | null }));
function stripe(): StripeStub {
  if (!stripeRef.current) throw new Error('no stripe stub');
  return stripeRef.current;
}
vi.mock('@stripe/stripe-js', () => ({
  loadStripe: (...args: unknown[]) => stripe().loadStripe(...args),
}));
vi.mock('@stripe/react-stripe-js', async () =>
  (await import('../../delivery-ordering/test-stripe.tsx')).reactStripeModule(stripe),
);

const CARD = {
  deliveryId: '0b7f6b2e-7d7c-4c55-9f1b-1f2a3b4c5d6e',
  paymentIntentId: 'pi_test9',
  clientSecret: 'pi_test9_secret_xyz',
  accountId: 'acct_1ComandaFakeIT',
  amounts: { netAmount: 1000, serviceFee: 90, totalAmount: 1090 },
};

/** A customer back from the card provider: cart, cached menu, erase-order flag, form, attempt. */
function storeVisit() {
  sessionStorage.setItem(
    'cart',
    JSON.stringify({
      scope: 'delivery:v1',
      lines: twoMarinara,
    }),
  );
  sessionStorage.setItem(
    'reservationDishes',
    JSON.stringify({ ownerId: 'v1', source: 'user', dishes: [], categories: [] }),
  );
  sessionStorage.setItem(
    'userCache',
    JSON.stringify({ scope: 'delivery:v1', ownerId: 'v1', orderErased: true }),
  );
  storePickupForm({ payWith: 'carta', card: CARD });
  sessionStorage.setItem(
    'deliveryAttempt',
    JSON.stringify({
      ownerId: 'v1',
      key: 'k-1-abcdefgh',
      fingerprint: 'f',
      method: 'carta',
      body: { deliveryId: CARD.deliveryId },
      intent: CARD,
    }),
  );
}

type StatusAnswer = { status: number; body: object };
const status = (paymentStatus: string, statusPay: 0 | 1 = 0): StatusAnswer => ({
  status: 200,
  body: { success: true, deliveryId: CARD.deliveryId, statusPay, paymentStatus },
});

function stubServer(answers: StatusAnswer[]) {
  const asked: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const path = String(url);
      const json = (code: number, body: object) => new Response(JSON.stringify(body), { status: code });
      if (path === '/api/stripe/payment-status') {
        asked.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        const answer = answers.shift() ?? {
          status: 500,
          body: { success: false, code: 'INTERNAL', error: 'x' },
        };
        return json(answer.status, answer.body);
      }
      if (path === '/api/user/delivery/status') {
        return json(200, {
          success: true,
          delivery: {
            deliveryId: CARD.deliveryId,
            status: 'pending',
            tipo: 'Ritiro',
            orario: '20:30',
            primaPossibile: false,
            total: 1090,
            hasEmail: true,
          },
        });
      }
      if (path === '/api/stripe/config?ownerId=v1') {
        return json(200, {
          success: true,
          cardPayments: true,
          publishableKey: 'pk_test_comanda_fake',
          accountId: 'acct_1ComandaFakeIT',
          country: 'IT',
        });
      }
      return json(404, { success: false, code: 'NOT_FOUND', error: path });
    }),
  );
  return { asked };
}

function renderPage(search = `?payment_intent=${CARD.paymentIntentId}&redirect_status=succeeded`) {
  render(
    <MemoryRouter initialEntries={[`/user/deliverySuccessPayment/v1${search}`]}>
      <Routes>
        <Route path="/user/deliverySuccessPayment/:ownerId" element={<UserDeliverySuccessPaymentScreen />} />
        <Route path="/user/delivery/:ownerId" element={<p>menu</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  resetCartStores();
  stripeRef.current = newStripeStub();
  // The recap's live socket: opened, never answering (its updates are DeliveryRecap's own tests).
  vi.stubGlobal(
    'WebSocket',
    class {
      readyState = 0;
      close() {}
      send() {}
    },
  );
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/user/deliverySuccessPayment/{ownerId}', () => {
  it('paid: the success text, and the cart, cached dishes, erase-order state, form and attempt are cleared', async () => {
    storeVisit();
    const server = stubServer([status('paid', 1)]);
    renderPage();
    expect(await screen.findByRole('heading', { name: t.orderSuccessCustomer })).toBeTruthy();
    // The recap of the order the card paid for, from the server, and what happens next.
    const recap = await screen.findByRole('region', { name: t.deliveryRecap });
    expect(recap.textContent).toContain(t.pickup);
    expect(recap.textContent).toContain('20:30');
    expect(recap.textContent).toContain('10,90 €');
    expect(recap.textContent).toContain(t.deliveryStatusPending);
    expect(screen.getByText(t.orderEmailWillFollow)).toBeTruthy();
    expect(screen.getByText(t.checkSpam)).toBeTruthy();
    expect(server.asked).toEqual([{ ownerId: 'v1', paymentIntentId: CARD.paymentIntentId }]);
    expect(sessionStorage.getItem('cart')).toBeNull();
    expect(sessionStorage.getItem('reservationDishes')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('userCache') ?? '{}').orderErased).toBe(false);
    expect(sessionStorage.getItem('dataClient')).toBeNull();
    expect(sessionStorage.getItem('deliveryAttempt')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t.close }));
    expect(await screen.findByText('menu')).toBeTruthy();
  });

  it("while the server asks, and while the bank is processing: the spec's texts, asked again shortly", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      storeVisit();
      const server = stubServer([status('processing'), status('paid', 1)]);
      renderPage();
      expect(await screen.findByRole('heading', { name: t.processingPayment })).toBeTruthy();
      expect(screen.getByText(t.doNotClosePage)).toBeTruthy();
      await waitFor(() => expect(server.asked).toHaveLength(1));
      expect(sessionStorage.getItem('cart')).not.toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS + 100);
      });
      expect(await screen.findByRole('heading', { name: t.orderSuccessCustomer })).toBeTruthy();
      expect(server.asked).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("not completed: 'Riprova il pagamento' opens the card dialog on the same intent; the cart stays", async () => {
    storeVisit();
    stubServer([status('unpaid')]);
    renderPage('?payment_intent=pi_test9&redirect_status=failed');
    expect(await screen.findByRole('heading', { name: t.paymentNotCompleted })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: t.retryPayment }));
    expect(await screen.findByRole('heading', { name: t.payAndSend })).toBeTruthy();
    await waitFor(() => expect(stripe().elementsOptions.at(-1)?.clientSecret).toBe(CARD.clientSecret));
    expect(stripe().loadStripe).toHaveBeenCalledWith('pk_test_comanda_fake', {
      stripeAccount: CARD.accountId,
    });
    expect(sessionStorage.getItem('cart')).not.toBeNull();
    expect(sessionStorage.getItem('deliveryAttempt')).not.toBeNull();
  });

  it('canceled: the venue did not take the order; its attempt goes, the cart stays for another order', async () => {
    storeVisit();
    stubServer([status('canceled')]);
    renderPage();
    expect(await screen.findByRole('heading', { name: t.paymentCanceledTitle })).toBeTruthy();
    expect(screen.getByText(t.paymentCanceledText)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.backToMenu }).getAttribute('href')).toBe('/user/delivery/v1');
    expect(sessionStorage.getItem('deliveryAttempt')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('dataClient') ?? '{}').card).toBeUndefined();
    expect(sessionStorage.getItem('cart')).not.toBeNull();
  });

  it("expired: said plainly; 'Rifai l'ordine' leads back to the cart, which is kept with the form", async () => {
    storeVisit();
    stubServer([status('expired')]);
    renderPage();
    expect(await screen.findByRole('heading', { name: t.checkoutExpiredTitle })).toBeTruthy();
    expect(screen.getByText(tf.checkoutExpiredText(15))).toBeTruthy();
    expect(screen.getByRole('link', { name: t.orderAgain }).getAttribute('href')).toBe(
      '/user/deliverycart/v1',
    );
    expect(screen.getByRole('link', { name: t.backToMenu }).getAttribute('href')).toBe('/user/delivery/v1');
    // The dead order's send attempt and intent go; the cart and the form stay for the new send.
    expect(sessionStorage.getItem('deliveryAttempt')).toBeNull();
    const dataClient = JSON.parse(sessionStorage.getItem('dataClient') ?? '{}');
    expect(dataClient.card).toBeUndefined();
    expect(dataClient.form).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem('cart') ?? '{}').lines).toEqual(twoMarinara);
  });

  it('nothing to check: no intent in the address nor stored, and no call', async () => {
    const server = stubServer([]);
    renderPage('');
    expect(await screen.findByRole('heading', { name: t.paymentNotFound })).toBeTruthy();
    expect(server.asked).toHaveLength(0);
  });

  it("the stored intent is used without the provider's query; a failed check offers 'Riprova'", async () => {
    storeVisit();
    const server = stubServer([
      { status: 409, body: { success: false, code: 'CONFLICT', error: t.paymentNotCompleted } },
      status('paid', 1),
    ]);
    renderPage('');
    expect((await screen.findByRole('alert')).textContent).toContain(t.paymentNotCompleted);
    fireEvent.click(screen.getByRole('button', { name: t.retry }));
    expect(await screen.findByRole('heading', { name: t.orderSuccessCustomer })).toBeTruthy();
    expect(server.asked.map((b) => b.paymentIntentId)).toEqual([CARD.paymentIntentId, CARD.paymentIntentId]);
  });
});
