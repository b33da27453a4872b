import { cardCharge, formatEuro, t } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Checkout } from './checkout.tsx';
import { deliveryOptions, storePickupForm, twoMarinara } from './test-fixtures.ts';
import { newStripeStub, type StripeStub } from './test-stripe.tsx';

/** Card payment in the checkout (spec 4, 2.11): the payment choice, the card send, the card dialog. */

const stripeRef = vi.hoisted(() => ({ current: null as StripeStub | null }));
function stripe(): StripeStub {
  if (!stripeRef.current) throw new Error('no stripe stub');
  return stripeRef.current;
}
vi.mock('@stripe/stripe-js', () => ({
  loadStripe: (...args: unknown[]) => stripe().loadStripe(...args),
}));
vi.mock('@stripe/react-stripe-js', async () => (await import('./test-stripe.tsx')).reactStripeModule(stripe));

const options = deliveryOptions(['20:00', '20:15'], ['20:00', '20:15']);
const lines = twoMarinara;
/** Two Marinara, a pickup: 10,00 € and the card fee of spec 9 on it. */
const CHARGE = cardCharge(1000);

const storeForm = () => storePickupForm();

type Answer = { status: number; body: object };

const intentAnswer = (deliveryId: string, statusPay: 0 | 1 = 0): Answer => ({
  status: 200,
  body: {
    success: true,
    clientSecret: 'pi_test1_secret_abc',
    paymentIntentId: 'pi_test1',
    accountId: 'acct_1ComandaFakeIT',
    deliveryId,
    amounts: { netAmount: 1000, serviceFee: CHARGE.fee, totalAmount: CHARGE.total },
    table: { id: deliveryId, tipo: 'Ritiro', status: 1, accettato: 0, statusPay, reservations: [] },
  },
});
const refusal = (status: number, code: string, error: string, issues?: object[]): Answer => ({
  status,
  body: { success: false, code, error, ...(issues ? { issues } : {}) },
});

function stubServer(
  intents: Array<Answer | ((body: Record<string, unknown>) => Answer)>,
  cardPayments = true,
) {
  const sends: Array<{ path: string; key: string | null; body: Record<string, unknown> }> = [];
  let configReads = 0;
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    const json = (status: number, body: object) => new Response(JSON.stringify(body), { status });
    if (path === '/api/user/deliveryOptions') return json(200, { success: true, result: options });
    if (path === '/api/stripe/config?ownerId=v1') {
      configReads++;
      return json(200, {
        success: true,
        cardPayments,
        publishableKey: cardPayments ? 'pk_test_comanda_fake' : null,
        accountId: cardPayments ? 'acct_1ComandaFakeIT' : null,
        country: 'IT',
      });
    }
    if (path === '/api/stripe/create-payment-intent' || path === '/api/reservation/user/orderDelivery') {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      sends.push({ path, key: new Headers(init?.headers).get('idempotency-key'), body });
      if (path === '/api/reservation/user/orderDelivery') {
        return json(200, {
          success: true,
          deliveryId: 'c1',
          table: { id: 'c1', status: 1, accettato: 0, reservations: [] },
        });
      }
      const next = intents.shift();
      const answer = typeof next === 'function' ? next(body) : next;
      return json(answer?.status ?? 500, answer?.body ?? { success: false, code: 'INTERNAL', error: 'x' });
    }
    return json(404, { success: false, code: 'NOT_FOUND', error: path });
  });
  vi.stubGlobal('fetch', fetch);
  return { sends, configReads: () => configReads };
}

function renderCheckout(owner = false) {
  const onPlaced = vi.fn();
  render(
    <Checkout
      ownerId="v1"
      owner={owner}
      lines={lines}
      initialOptions={options}
      socketId={() => undefined}
      onClose={vi.fn()}
      onLeave={vi.fn()}
      onPlaced={onPlaced}
    />,
  );
  return { onPlaced };
}

async function toSummary() {
  fireEvent.click(await screen.findByRole('button', { name: t.orderSummary }));
  await screen.findByRole('heading', { name: t.orderSummary });
}

async function chooseCard() {
  const choice = await screen.findByRole('radiogroup', { name: t.paymentMethod });
  fireEvent.click(within(choice).getByRole('radio', { name: t.payByCard }));
  return screen.findByRole('button', { name: t.goToPayment });
}

/** The card dialog itself (its heading), not the veil shown while its chunk loads. */
async function payDialog(): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name: t.payAndSend });
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error('no dialog around the heading');
  return dialog;
}

beforeEach(() => {
  sessionStorage.clear();
  storeForm();
  stripeRef.current = newStripeStub();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the payment choice', () => {
  it('is not offered when the venue has no card payments, nor to an owner ordering for a customer', async () => {
    const server = stubServer([], false);
    renderCheckout();
    await toSummary();
    await waitFor(() => expect(server.configReads()).toBe(1));
    expect(screen.queryByRole('radiogroup', { name: t.paymentMethod })).toBeNull();
    expect(screen.getByRole('button', { name: t.sendOrder })).toBeTruthy();
    cleanup();

    const asOwner = stubServer([]);
    sessionStorage.setItem('dataClient:owner', sessionStorage.getItem('dataClient') ?? '');
    renderCheckout(true);
    await toSummary();
    expect(asOwner.configReads()).toBe(0);
    expect(screen.queryByRole('radiogroup', { name: t.paymentMethod })).toBeNull();
    expect(screen.queryByText(t.rowServiceCosts)).toBeNull();
  });

  it('cassa stays the plain send; carta shows the service costs and remembers the choice', async () => {
    const server = stubServer([]);
    renderCheckout();
    await toSummary();
    await chooseCard();
    const summary = screen.getByRole('region', { name: t.orderSummary });
    expect(summary.textContent).toContain(`${t.orderTotal}${formatEuro(CHARGE.total)}`);
    expect(JSON.parse(sessionStorage.getItem('dataClient') ?? '{}').payWith).toBe('carta');
    fireEvent.click(screen.getByRole('radio', { name: t.payAtCounter }));
    fireEvent.click(screen.getByRole('button', { name: t.sendOrder }));
    await waitFor(() => expect(server.sends).toHaveLength(1));
    expect(server.sends[0]?.path).toBe('/api/reservation/user/orderDelivery');
  });
});

describe("'Vai al pagamento'", () => {
  it('sends the order for a payment intent, opens the card dialog and confirms with the return address', async () => {
    const server = stubServer([(body) => intentAnswer(String(body.deliveryId))]);
    const { onPlaced } = renderCheckout();
    await toSummary();
    fireEvent.click(await chooseCard());
    const dialog = await payDialog();
    expect(server.sends).toHaveLength(1);
    const sent = server.sends[0];
    expect(sent?.path).toBe('/api/stripe/create-payment-intent');
    expect(sent?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.body).toMatchObject({ tipo: 'Ritiro', nome: 'Anna', ownerId: 'v1', costoConsegna: 0 });
    expect(sent?.body.deliveryId).toMatch(/^[0-9a-f-]{36}$/);
    expect(dialog.textContent).toContain(formatEuro(CHARGE.total));
    expect(stripe().loadStripe).toHaveBeenCalledWith('pk_test_comanda_fake', {
      stripeAccount: 'acct_1ComandaFakeIT',
    });
    // Elements mounts once Stripe.js has loaded (a promise), which may be after the dialog shows.
    await waitFor(() =>
      expect(stripe().elementsOptions.at(-1)).toMatchObject({
        clientSecret: 'pi_test1_secret_abc',
        locale: 'it',
      }),
    );

    let storedAtConfirm: unknown = null;
    stripe().confirmPayment.mockImplementation(() => {
      storedAtConfirm = JSON.parse(sessionStorage.getItem('dataClient') ?? 'null');
      return new Promise(() => {}); // the page leaves for the return address
    });
    const pay = await within(dialog).findByRole('button', { name: t.pay });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    await act(async () => {
      fireEvent.click(pay);
    });
    expect(await screen.findByText(t.processingPayment)).toBeTruthy();
    expect(screen.getByText(t.doNotClosePage)).toBeTruthy();
    expect(stripe().confirmPayment).toHaveBeenCalledWith({
      elements: { stub: 'elements' },
      confirmParams: {
        return_url: `${location.origin}/user/deliverySuccessPayment/v1`,
        payment_method_data: { billing_details: { address: { country: 'IT' } } },
      },
    });
    // dataClient was written before leaving: the form, the order and its intent.
    expect(storedAtConfirm).toMatchObject({
      ownerId: 'v1',
      payWith: 'carta',
      form: { name: 'Anna' },
      card: {
        deliveryId: sent?.body.deliveryId,
        paymentIntentId: 'pi_test1',
        clientSecret: 'pi_test1_secret_abc',
        accountId: 'acct_1ComandaFakeIT',
      },
    });
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it('a refused card is said in the dialog and logged; the customer tries again', async () => {
    stubServer([(body) => intentAnswer(String(body.deliveryId))]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCheckout();
    await toSummary();
    fireEvent.click(await chooseCard());
    const dialog = await payDialog();
    stripe().confirmPayment.mockResolvedValueOnce({
      error: { type: 'card_error', code: 'card_declined', message: 'La tua carta è stata rifiutata.' },
    });
    const pay = await within(dialog).findByRole('button', { name: t.pay });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    await act(async () => {
      fireEvent.click(pay);
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('La tua carta è stata rifiutata.');
    expect(screen.queryByText(t.processingPayment)).toBeNull();
    expect(pay.hasAttribute('disabled')).toBe(false);
    expect(logged).toHaveBeenCalledWith(
      'card payment: confirm failed',
      expect.objectContaining({ paymentIntentId: 'pi_test1', code: 'card_declined' }),
    );
    // Another error without a message for the customer: the generic text.
    stripe().confirmPayment.mockResolvedValueOnce({ error: { type: 'api_error' } });
    await act(async () => {
      fireEvent.click(pay);
    });
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(t.cardPaymentFailed));
  });

  it("'Indietro' closes the dialog; 'Vai al pagamento' again resends the same key and order", async () => {
    const server = stubServer([
      (body) => intentAnswer(String(body.deliveryId)),
      (body) => intentAnswer(String(body.deliveryId)),
    ]);
    renderCheckout();
    await toSummary();
    fireEvent.click(await chooseCard());
    const dialog = await payDialog();
    // The dialog's buttons come with its payment form, after the heading (a spinner meanwhile).
    fireEvent.click(await within(dialog).findByRole('button', { name: t.back }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: t.payAndSend })).toBeNull());
    fireEvent.click(await screen.findByRole('button', { name: t.goToPayment }));
    await payDialog();
    await waitFor(() => expect(server.sends).toHaveLength(2));
    expect(server.sends[1]?.key).toBe(server.sends[0]?.key);
    expect(server.sends[1]?.body.deliveryId).toBe(server.sends[0]?.body.deliveryId);
  });

  it('an order already paid (a resend after the return page) is placed at once', async () => {
    stubServer([(body) => intentAnswer(String(body.deliveryId), 1)]);
    const { onPlaced } = renderCheckout();
    await toSummary();
    fireEvent.click(await chooseCard());
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog', { name: t.payAndSend })).toBeNull();
    expect(sessionStorage.getItem('deliveryAttempt')).toBeNull();
  });
});

describe('refusals of the card send (the cassa handler)', () => {
  it("slot taken: the spec's dialog", async () => {
    stubServer([refusal(409, 'SLOT_TAKEN', t.slotTakenTitle)]);
    renderCheckout();
    await toSummary();
    fireEvent.click(await chooseCard());
    expect((await screen.findByRole('alertdialog')).textContent).toContain(t.slotTakenTitle);
  });

  it('carta no longer offered: said on the summary, the choice goes, cassa remains', async () => {
    stubServer([refusal(400, 'VALIDATION', t.cardPaymentUnavailable)]);
    renderCheckout();
    await toSummary();
    fireEvent.click(await chooseCard());
    expect((await screen.findByRole('alert')).textContent).toBe(t.cardPaymentUnavailable);
    expect(screen.queryByRole('radiogroup', { name: t.paymentMethod })).toBeNull();
    expect(screen.getByRole('button', { name: t.sendOrder })).toBeTruthy();
  });

  it('an amount too low for a card stays on the summary with the reason', async () => {
    stubServer([
      refusal(400, 'VALIDATION', t.cardAmountTooLow, [{ path: 'cart', message: t.cardAmountTooLow }]),
    ]);
    renderCheckout();
    await toSummary();
    fireEvent.click(await chooseCard());
    expect((await screen.findByRole('alert')).textContent).toBe(t.cardAmountTooLow);
    expect(screen.getByRole('heading', { name: t.orderSummary })).toBeTruthy();
    expect(screen.getByRole('button', { name: t.goToPayment })).toBeTruthy();
  });

  it('the card service unreachable (502) is retried with the same key and deliveryId', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const server = stubServer([
        refusal(502, 'PAYMENT_ERROR', t.paymentServiceUnreachable),
        (body) => intentAnswer(String(body.deliveryId)),
      ]);
      renderCheckout();
      await toSummary();
      fireEvent.click(await chooseCard());
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1500);
      });
      await payDialog();
      expect(server.sends).toHaveLength(2);
      expect(server.sends[1]?.key).toBe(server.sends[0]?.key);
      expect(server.sends[1]?.body.deliveryId).toBe(server.sends[0]?.body.deliveryId);
    } finally {
      vi.useRealTimers();
    }
  });
});
