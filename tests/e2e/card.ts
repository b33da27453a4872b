import { randomUUID } from 'node:crypto';
import { SYNC_HEADERS, t } from '@comanda/shared-schema';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { tapDish } from './customer.ts';
import { expect } from './fixtures.ts';

/**
 * What the card journeys share (card-payment.e2e.ts, card-checkout.e2e.ts): the Stripe.js stub a
 * phone loads instead of Stripe's, routed by Playwright to the fake Stripe API the server talks
 * to, the venue's connected account, and the way a phone reaches the summary of a consegna.
 */

/** Stripe.js as far as the app uses it: `Stripe()`, elements, a payment form, confirmPayment. */
export const STRIPE_JS_STUB = `(() => {
  function Stripe(key, opts) {
    const account = opts && opts.stripeAccount;
    let input = null;
    const elements = (options) => {
      const handlers = {};
      const emit = (event, arg) => (handlers[event] || []).forEach((h) => h(arg));
      const element = {
        mount(node) {
          const box = typeof node === 'string' ? document.querySelector(node) : node;
          box.innerHTML = '<label class="field">Numero carta <input name="cardnumber" inputmode="numeric" autocomplete="cc-number"></label>';
          input = box.querySelector('input');
          input.addEventListener('input', () => emit('change', { complete: input.value.length >= 16, empty: !input.value }));
          setTimeout(() => emit('ready', element), 50);
        },
        on(event, h) { (handlers[event] = handlers[event] || []).push(h); return element; },
        off(event, h) { handlers[event] = (handlers[event] || []).filter((x) => x !== h); return element; },
        update() {}, destroy() { input = null; }, unmount() {}, focus() {}, blur() {}, collapse() {},
      };
      return {
        clientSecret: options.clientSecret,
        create: () => element, getElement: () => element, update() {},
        fetchUpdates: async () => ({}), submit: async () => ({}),
      };
    };
    return {
      elements, createToken() {}, createPaymentMethod() {}, confirmCardPayment() {},
      registerAppInfo() {}, _registerWrapper() {},
      async confirmPayment({ elements: group, confirmParams }) {
        const secret = group.clientSecret;
        const id = secret.split('_secret_')[0];
        const number = ((input && input.value) || '').replace(/\\s/g, '');
        // Stripe's test cards: 4000 0000 0000 0002 is declined, anything else pays.
        const form = new URLSearchParams({
          key, _stripe_account: account, client_secret: secret,
          payment_method: number === '4000000000000002' ? 'pm_card_chargeDeclined' : 'pm_card_visa',
          'payment_method_data[billing_details][address][country]': confirmParams.payment_method_data.billing_details.address.country,
          return_url: confirmParams.return_url,
        });
        await new Promise((r) => setTimeout(r, 700)); // the bank takes a moment
        const intent = await (await fetch('https://api.stripe.com/v1/payment_intents/' + id + '/confirm', { method: 'POST', body: form })).json();
        if (intent.error) return { error: intent.error };
        if (intent.last_payment_error) {
          return { error: { type: 'card_error', code: intent.last_payment_error.code, decline_code: intent.last_payment_error.decline_code, message: 'La tua carta è stata rifiutata.' } };
        }
        location.assign(confirmParams.return_url + '?payment_intent=' + id + '&payment_intent_client_secret=' + encodeURIComponent(secret) + '&redirect_status=succeeded');
        return new Promise(() => {});
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

export interface Confirmed {
  id: string;
  account: string | null;
  country: string | null;
  returnUrl: string | null;
}

/** Stripe.js and Stripe's API for one phone: the stub above, and the API answered by the fake. */
export async function routeStripe(phone: BrowserContext): Promise<Confirmed[]> {
  const fake = process.env.E2E_FAKE_STRIPE_URL ?? '';
  const confirmed: Confirmed[] = [];
  await phone.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: STRIPE_JS_STUB }),
  );
  await phone.route('https://api.stripe.com/**', async (route) => {
    const req = route.request();
    const path = new URL(req.url()).pathname;
    // Stripe.js sends the key and account in the form; the fake reads them as the SDK sends them.
    const form = new URLSearchParams(req.postData() ?? '');
    const key = form.get('key') ?? '';
    const account = form.get('_stripe_account');
    form.delete('key');
    form.delete('_stripe_account');
    const id = path.split('/')[3] ?? '';
    confirmed.push({
      id,
      account,
      country: form.get('payment_method_data[billing_details][address][country]'),
      returnUrl: form.get('return_url'),
    });
    const res = await fetch(`${fake}${path}`, {
      method: req.method(),
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/x-www-form-urlencoded',
        ...(account ? { 'stripe-account': account } : {}),
      },
      body: form.toString(),
    });
    await route.fulfill({
      status: res.status,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: await res.text(),
    });
  });
  return confirmed;
}

/** The venue's connected account, set (or cleared) by its owner (owner profile). */
export async function setStripeAccount(owner: BrowserContext, id: string | null): Promise<void> {
  const res = await owner.request.post('/api/owner/stripeAccount/set', {
    data: { stripeAccountId: id },
    headers: { [SYNC_HEADERS.idempotencyKey]: randomUUID() },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** react-aria radios: the input is hidden, a person taps the choice's label. */
export async function choose(scope: Page | Locator, label: string | RegExp): Promise<void> {
  await scope
    .locator('label')
    .filter({ hasText: typeof label === 'string' ? new RegExp(`^${label}$`) : label })
    .click();
}

/** The phone's summary step for a consegna to Avella at the venue's third slot. */
export async function toSummary(page: Page, ownerId: string, name: string, email: string): Promise<void> {
  // The delivery link makes a guest by itself: no sign-in screen.
  await page.goto(`/user/delivery/${encodeURIComponent(ownerId)}`);
  await expect(page.getByRole('heading', { name: t.deliveryOrderTitle, level: 1 })).toBeVisible();
  await tapDish(page, 'Pizze', 'Marinara');
  await tapDish(page, 'Bevande', 'Caffè');
  await page.getByRole('button', { name: t.viewAndSend }).click();
  await page.getByRole('button', { name: /^Concludi ordine/ }).click();
  const form = page.getByRole('form', { name: t.completeOrderStep });
  await form.getByRole('textbox', { name: t.firstName, exact: true }).fill(name);
  await choose(form, t.delivery);
  await form.getByRole('textbox', { name: t.addressAndNumber }).fill('Via Roma 1');
  await page.getByRole('button', { name: new RegExp(`^${t.city}|${t.city}$`) }).click();
  await page.getByRole('option', { name: 'Avella', exact: true }).click();
  await choose(form, t.setTime);
  await page.getByRole('button', { name: new RegExp(t.chooseSlot) }).click();
  await page.getByRole('option').nth(2).click();
  await form.getByRole('textbox', { name: t.email, exact: true }).fill(email);
  await form.getByRole('button', { name: t.orderSummary }).click();
  await expect(page.getByRole('heading', { name: t.orderSummary })).toBeVisible();
}

export interface FakeState {
  intents: Array<{ id: string; status: string; amount: number; account: string | null }>;
  refunds: Array<{ payment_intent: string; amount: number }>;
}
