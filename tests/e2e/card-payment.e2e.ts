import { randomUUID } from 'node:crypto';
import { cardCharge, formatEuro, SYNC_HEADERS, t } from '@comanda/shared-schema';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { FAKE_STRIPE_ACCOUNT } from '../../sync-server/src/testing/fake-stripe.ts';
import { readMails } from '../support/mail.ts';
import { phoneAsGuest, tapDish } from './customer.ts';
import { demoTable, readDb } from './db.ts';
import { fakeStripe, guestCardOrder, learnServerClock, pendingSection } from './delivery.ts';
import { baseUrl, expect, expectAccessible, mailDir, shootAllSizes, test } from './fixtures.ts';
import { ownerDevice } from './owner.ts';

/**
 * Issue 7 in Chromium: a phone orders a consegna and pays by card (the Stripe.js stub below,
 * routed by Playwright, drives the fake Stripe API the server talks to), lands on the success
 * route; the owner's desk shows it paid. The owner rejects another paid order: the answer to the
 * first push is lost, so the outbox sends the rejection again, and the test replays that push
 * once more through the API; the fake holds exactly one refund for it.
 */

/** Stripe.js as far as the app uses it: `Stripe()`, elements, a payment form, confirmPayment. */
const STRIPE_JS_STUB = `(() => {
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

interface Confirmed {
  id: string;
  account: string | null;
  country: string | null;
  returnUrl: string | null;
}

/** Stripe.js and Stripe's API for one phone: the stub above, and the API answered by the fake. */
async function routeStripe(phone: BrowserContext): Promise<Confirmed[]> {
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

/** The venue's connected account, set (or cleared) by its owner (owner profile, issue 7). */
async function setStripeAccount(owner: BrowserContext, id: string | null): Promise<void> {
  const res = await owner.request.post('/api/owner/stripeAccount/set', {
    data: { stripeAccountId: id },
    headers: { [SYNC_HEADERS.idempotencyKey]: randomUUID() },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** react-aria radios: the input is hidden, a person taps the choice's label. */
async function choose(scope: Page | Locator, label: string | RegExp): Promise<void> {
  await scope
    .locator('label')
    .filter({ hasText: typeof label === 'string' ? new RegExp(`^${label}$`) : label })
    .click();
}

/** The phone's summary step for a consegna to Avella at the venue's third slot. */
async function toSummary(page: Page, ownerId: string, name: string, email: string): Promise<void> {
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

interface FakeState {
  intents: Array<{ id: string; status: string; amount: number; account: string | null }>;
  refunds: Array<{ payment_intent: string; amount: number }>;
}

test('card payment: a phone pays a consegna by card and lands on the success route; the desk shows it paid; a rejected paid order is refunded once, replays included', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { ownerId } = demoTable(1);
  const tablet = await ownerDevice(browser, { width: 1024, height: 768 });
  await learnServerClock(browser, ownerId, [tablet]);
  await setStripeAccount(tablet, FAKE_STRIPE_ACCOUNT);
  const phone = await phoneAsGuest(browser);
  try {
    const confirmed = await routeStripe(phone);
    const owner = await tablet.newPage();
    await owner.goto('/owner/delivery');
    await expect(owner.getByRole('heading', { name: t.deliveryDeskTitle })).toBeVisible();

    // The summary: carta / cassa; carta adds the card fee of spec 9 and 'Vai al pagamento'.
    const page = await phone.newPage();
    const email = `carla-${Date.now()}@example.test`;
    await toSummary(page, ownerId, 'Carla', email);
    const summary = page.getByRole('region', { name: t.orderSummary });
    const fee = readDb(
      (db) =>
        (
          db.prepare('SELECT costo_consegna AS fee FROM businesses WHERE id = ?').get(ownerId) as {
            fee: number;
          }
        ).fee,
    );
    // One Marinara (5,00 €) and a coffee (1,50 €), the venue's delivery fee.
    const charge = cardCharge(650 + fee);
    await expect(summary.getByRole('button', { name: t.sendOrder })).toBeVisible();
    await choose(summary, t.payByCard);
    await expect(summary).toContainText(`${t.rowServiceCosts} i${formatEuro(charge.fee)}`);
    await expect(summary).toContainText(`${t.orderTotal}${formatEuro(charge.total)}`);
    await expect(summary.getByRole('button', { name: t.sendOrder })).toHaveCount(0);
    await summary.getByRole('button', { name: t.serviceCostsInfoButton }).click();
    const info = page.getByRole('dialog', { name: t.rowServiceCosts });
    await expect(info).toContainText(t.serviceCostsInfo);
    await expectAccessible(page);
    await shootAllSizes(page, 'card-service-costs');
    await info.getByRole('button', { name: t.close }).click();
    await expectAccessible(page);
    await shootAllSizes(page, 'card-summary');

    // 'Vai al pagamento': the order is stored awaiting payment, the card dialog opens.
    await summary.getByRole('button', { name: t.goToPayment }).click();
    const dialog = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('heading', { name: t.payAndSend }) });
    await expect(dialog).toContainText(formatEuro(charge.total));
    const card = dialog.getByRole('textbox', { name: 'Numero carta' });
    await expect(card).toBeVisible();
    const pay = dialog.getByRole('button', { name: t.pay, exact: true });
    await expect(pay).toBeEnabled();
    await expectAccessible(page);
    await shootAllSizes(page, 'card-payment-dialog');
    const stored = readDb(
      (db) =>
        db
          .prepare(
            "SELECT id, payment_intent_id AS pi, status_pay AS paid, service_fee AS fee FROM orders WHERE nome = 'Carla' AND email = ?",
          )
          .get(email) as { id: string; pi: string; paid: number; fee: number },
    );
    expect(stored).toMatchObject({ paid: 0, fee: charge.fee });
    await expect(pendingSection(owner).getByRole('article', { name: /Carla/ })).toContainText(
      t.cardAwaitingPayment,
    );

    // A declined card is said in the dialog; the customer types another and pays.
    await card.fill('4000000000000002');
    await pay.click();
    await expect(dialog.getByText(t.processingPayment)).toBeVisible();
    await expect(dialog.getByText(t.doNotClosePage)).toBeVisible();
    await shootAllSizes(page, 'card-payment-processing');
    await expect(dialog.getByRole('alert')).toHaveText('La tua carta è stata rifiutata.');
    await shootAllSizes(page, 'card-payment-declined');
    await card.fill('4242424242424242');
    await pay.click();

    // The return address: the server asks Stripe, the order is paid, the cart and form are gone.
    await expect(page).toHaveURL(
      new RegExp(`/user/deliverySuccessPayment/${ownerId}\\?payment_intent=${stored.pi}`),
    );
    await expect(page.getByRole('heading', { name: t.orderSuccessCustomer })).toBeVisible();
    await expect(page.getByText(t.orderEmailWillFollow)).toBeVisible();
    await expect(page.getByText(t.checkSpam)).toBeVisible();
    expect(
      await page.evaluate(() =>
        ['cart', 'dataClient', 'deliveryAttempt'].map((k) => sessionStorage.getItem(k)),
      ),
    ).toEqual([null, null, null]);
    await expectAccessible(page);
    await shootAllSizes(page, 'card-payment-success');
    expect(confirmed.at(-1)).toEqual({
      id: stored.pi,
      account: FAKE_STRIPE_ACCOUNT,
      country: 'IT',
      returnUrl: `${baseUrl()}/user/deliverySuccessPayment/${ownerId}`,
    });
    const state = await fakeStripe<FakeState>('state');
    expect(state.intents.find((i) => i.id === stored.pi)).toMatchObject({
      status: 'succeeded',
      amount: charge.total,
      account: FAKE_STRIPE_ACCOUNT,
    });
    expect(
      readDb((db) => db.prepare('SELECT status_pay AS paid FROM orders WHERE id = ?').get(stored.id)),
    ).toEqual({
      paid: 1,
    });
    await page.getByRole('button', { name: t.close }).click();
    await expect(page).toHaveURL(new RegExp(`/user/delivery/${ownerId}$`));

    // The owner's desk shows it paid, live, with no paid toggle: that status is Stripe's.
    const carla = pendingSection(owner).getByRole('article', { name: /Carla/ });
    await expect(carla).toContainText(t.cardPaidStatus);
    await expect(carla).toContainText(t.paymentMethodCard);
    await expect(carla.getByRole('radio', { name: t.paid })).toHaveCount(0);
    // Its totals are what the customer paid: the card's service costs included.
    await expect(carla.getByLabel(t.orderTotals)).toContainText(
      `${t.rowServiceCosts}${formatEuro(charge.fee)}${t.rowTotal}${formatEuro(charge.total)}`,
    );
    await expectAccessible(owner);
    await shootAllSizes(owner, 'card-desk-paid');

    // Another paid order; the owner rejects it and the first answer is lost on the way back.
    const darioEmail = `dario-${Date.now()}@example.test`;
    const dario = await guestCardOrder(
      browser,
      ownerId,
      { tipo: 'Ritiro', nome: 'Dario', email: darioEmail },
      [['Marinara', 1]],
    );
    const darioCard = pendingSection(owner).getByRole('article', { name: /Dario/ });
    await expect(darioCard).toContainText(t.cardPaidStatus);
    const pushes: Array<{ clientId: string; body: string }> = [];
    let lost = 0;
    await owner.route('**/api/sync/push', async (route) => {
      const body = route.request().postData() ?? '';
      if (!body.includes('deliveryReject')) return route.continue();
      pushes.push({ clientId: (await route.request().allHeaders())[SYNC_HEADERS.clientId] ?? '', body });
      if (lost > 0) return route.continue();
      lost++;
      await route.fetch(); // the server rejects and refunds; its answer never reaches the tablet
      return route.abort('connectionreset');
    });
    await darioCard.getByRole('button', { name: new RegExp(`^${t.reject} `) }).click();
    await owner.getByRole('alertdialog').getByRole('button', { name: t.confirm }).click();
    // The card leaves the desk at once (the outbox's reject); the pushes follow: the first answer
    // lost, the outbox sends the same mutation again.
    await expect(darioCard).toHaveCount(0, { timeout: 20_000 });
    await expect.poll(() => pushes.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(pushes[1]?.body).toBe(pushes[0]?.body);

    // And once more through the API, the same client and mutation ids: the stored answer.
    const first = pushes[0];
    if (!first) throw new Error('no push captured');
    const replay = await tablet.request.post('/api/sync/push', {
      headers: { [SYNC_HEADERS.clientId]: first.clientId, 'content-type': 'application/json' },
      data: first.body,
    });
    expect(replay.status()).toBe(200);
    const { results } = (await replay.json()) as { results: Array<{ status: number; replayed: boolean }> };
    expect(results.at(-1)).toMatchObject({ status: 200, replayed: true });

    const after = await fakeStripe<FakeState>('state');
    expect(after.refunds.filter((r) => r.payment_intent === dario.paymentIntentId)).toHaveLength(1);
    expect(after.refunds.filter((r) => r.payment_intent === stored.pi)).toHaveLength(0);
    expect(
      readDb((db) =>
        db.prepare('SELECT closed_at IS NOT NULL AS closed FROM orders WHERE id = ?').get(dario.deliveryId),
      ),
    ).toEqual({ closed: 1 });
    // The customer is told by e-mail that the order was refused and refunded.
    await expect.poll(() => readMails(mailDir(), darioEmail).length, { timeout: 10_000 }).toBe(1);

    // The suite shares one server: Carla's order does not stay on the desk for the next journeys.
    await carla.getByRole('button', { name: new RegExp(`^${t.reject} `) }).click();
    await owner.getByRole('alertdialog').getByRole('button', { name: t.confirm }).click();
    await expect(carla).toHaveCount(0, { timeout: 20_000 });
    await expect
      .poll(async () =>
        (await fakeStripe<FakeState>('state')).refunds.filter((r) => r.payment_intent === stored.pi),
      )
      .toHaveLength(1);
  } finally {
    await setStripeAccount(tablet, null);
    await phone.close();
    await tablet.close();
  }
});
