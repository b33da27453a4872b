import { t, tf } from '@comanda/shared-schema';
import { openTable, phoneAsGuest } from './customer.ts';
import { demoTable, readDb } from './db.ts';
import { expect, expectAccessible, shootAllSizes, test } from './fixtures.ts';
import { ownerDevice } from './owner.ts';

test('waiter call: the customer calls, the bell rings on the dashboard, dismissing it answers every tablet', async ({
  browser,
}) => {
  const { ownerId, tableId } = demoTable(7);
  const tabletA = await ownerDevice(browser, { width: 1024, height: 768 });
  const tabletB = await ownerDevice(browser, { width: 390, height: 844 });
  const a = await tabletA.newPage();
  const b = await tabletB.newPage();
  for (const page of [a, b]) await page.goto('/owner/dashboard');
  await expect(a.getByRole('button', { name: tf.waiterCallsCount(0) })).toBeVisible();

  const phone = await phoneAsGuest(browser);
  const customer = await phone.newPage();
  await openTable(customer, ownerId, tableId);
  await customer.getByRole('button', { name: t.callWaiterButton }).click();
  await expect(customer.getByText(t.waiterCalled)).toBeVisible();

  for (const page of [a, b]) {
    await expect(page.getByRole('button', { name: tf.waiterCallsCount(1) })).toBeVisible();
  }
  await expect(a.getByText(tf.tableCallsWaiter(7)).first()).toBeVisible();
  const bell = a.getByRole('button', { name: tf.waiterCallsCount(1) });
  await expect(bell).toHaveClass(/dash-ringing/);
  await bell.click();
  const list = a.getByRole('dialog', { name: t.callWaiter });
  await expect(list.getByText(tf.tableCallsWaiter(7))).toBeVisible();
  await expectAccessible(a);
  await shootAllSizes(a, 'waiter-calls');
  await list.getByRole('button', { name: `${t.dismissWaiterCall}: ${tf.table(7)}` }).click();
  await expect(list.getByText(t.noWaiterCalls)).toBeVisible();
  await expect(b.getByRole('button', { name: tf.waiterCallsCount(0) })).toBeVisible({ timeout: 5_000 });
  expect(readDb((db) => db.prepare('SELECT called FROM tables WHERE id = ?').get(tableId))).toEqual({
    called: 0,
  });

  for (const context of [tabletA, tabletB, phone]) await context.close();
});
