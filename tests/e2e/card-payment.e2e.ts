import { cardCharge, formatEuro, SYNC_HEADERS, t } from '@comanda/shared-schema';
import { FAKE_STRIPE_ACCOUNT } from '../../sync-server/test-support/fakes/stripe.ts';
import { readMails } from '../support/mail.ts';
import { choose, type FakeState, routeStripe, setStripeAccount, toSummary } from './card.ts';
import { phoneAsGuest } from './customer.ts';
import { demoTable, readDb } from './db.ts';
import {
  checkoutsSection,
  fakeStripe,
  guestCardOrder,
  learnServerClock,
  pendingSection,
} from './delivery.ts';
import { baseUrl, expect, expectAccessible, mailDir, shootAllSizes, test } from './fixtures.ts';
import { ownerDevice } from './owner.ts';

/**
 * Card payment (spec 2.11, 4; DESIGN.md "Payments") in Chromium: a phone orders a consegna and pays
 * by card (the Stripe.js stub of card.ts, routed by Playwright, drives the fake Stripe API the
 * server talks to), lands on the success route; the owner's desk shows it paid. The owner rejects
 * another paid order: the answer to the first push is lost, so the outbox sends the rejection
 * again, and the test replays that push once more through the API; the fake holds exactly one
 * refund for it.
 */

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
    // Not the owner's to decide before it is paid: listed apart, as a payment in progress.
    await expect(checkoutsSection(owner).getByRole('listitem').filter({ hasText: 'Carla' })).toBeVisible();
    await expect(pendingSection(owner).getByRole('article', { name: /Carla/ })).toHaveCount(0);

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
