import { t } from '@comanda/shared-schema';
import type { Page } from '@playwright/test';
import { xf } from '../../pwa/src/texts-extra.ts';
import { readDb } from './db.ts';
import { baseUrl, expect, expectAccessible, GOES_OFFLINE, shootAllSizes, test } from './fixtures.ts';
import { signInDemoOwner, waitForServiceWorker } from './owner.ts';

/** Every table square of the current room: number and coordinates from its data attributes. */
async function squares(page: Page): Promise<Array<{ name: string; x: string; y: string }>> {
  const wrappers = page.locator('[data-testid^="table-"]');
  const out: Array<{ name: string; x: string; y: string }> = [];
  for (const w of await wrappers.all()) {
    out.push({
      name: (await w.getByRole('button').first().getAttribute('aria-label')) ?? (await w.innerText()),
      x: (await w.getAttribute('data-x')) ?? '',
      y: (await w.getAttribute('data-y')) ?? '',
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

const orderSwitch = (page: Page) => page.getByRole('switch', { name: t.enableOrders });

/** A react-aria switch is toggled through its visible label, as a finger would. */
const toggle = (page: Page, label: string) => page.getByText(label, { exact: true }).click();

test('two tablets: changes made offline on A replay on reconnect and both converge', async ({ browser }) => {
  const url = baseUrl();
  const tabletA = await browser.newContext({
    baseURL: url,
    viewport: { width: 1024, height: 768 },
    ...GOES_OFFLINE,
  });
  const tabletB = await browser.newContext({ baseURL: url, viewport: { width: 1024, height: 768 } });
  await signInDemoOwner(tabletA, url);
  await signInDemoOwner(tabletB, url);
  const a = await tabletA.newPage();
  const b = await tabletB.newPage();
  for (const page of [a, b]) {
    await page.goto('/owner/room');
    await expect(page.getByRole('tab', { name: 'Sala interna' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tavolo 1', exact: true })).toBeVisible();
  }
  await waitForServiceWorker(a);
  await expect(a.getByRole('tab', { name: 'Sala interna' })).toBeVisible();
  await expectAccessible(a);
  await shootAllSizes(a, 'owner-room');
  const orderingBefore = await orderSwitch(a).isChecked();

  // Tablet A loses the network and keeps working.
  await tabletA.setOffline(true);
  await expect(a.getByText(t.connectionLost)).toBeVisible();

  await a.getByRole('button', { name: t.manageRooms }).click();
  const dialog = a.getByRole('dialog');
  await dialog.getByLabel(t.newRoomName).fill('Terrazza');
  await dialog.getByRole('button', { name: t.addRoom }).click();
  await dialog.getByRole('button', { name: t.close }).click();
  await a.getByRole('tab', { name: 'Terrazza' }).click();
  await toggle(a, t.manageTables);
  await a.getByRole('button', { name: t.addTable }).click();
  await a.getByRole('button', { name: t.addTable }).click();
  const added = a.locator('[data-testid^="table-"]');
  await expect(added).toHaveCount(2);

  // Drag the new table on top of the pile (the last painted): one mutation on drop.
  const first = added.last().getByRole('button').first();
  const box = await first.boundingBox();
  if (!box) throw new Error('no table square on screen');
  await a.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await a.mouse.down();
  for (let i = 1; i <= 10; i++) await a.mouse.move(box.x + 25 + i * 20, box.y + 25 + i * 15);
  await a.mouse.up();
  await expect
    .poll(async () => (await squares(a)).filter((s) => s.x !== '10' || s.y !== '70').length)
    .toBe(1);
  await toggle(a, t.enableOrders);
  await expect(orderSwitch(a)).toBeChecked({ checked: !orderingBefore });

  // A reload while offline still shows the queued changes.
  await a.reload();
  await a.getByRole('tab', { name: 'Terrazza' }).click();
  await expect(a.locator('[data-testid^="table-"]')).toHaveCount(2);
  const offlineView = await squares(a);

  // Tablet B sees none of it.
  await b.waitForTimeout(500);
  await expect(b.getByRole('tab', { name: 'Terrazza' })).toHaveCount(0);
  await expect(orderSwitch(b)).toBeChecked({ checked: orderingBefore });

  // A reconnects: within 5 s both show the same rooms, tables and coordinates.
  await tabletA.setOffline(false);
  await expect(b.getByRole('tab', { name: 'Terrazza' })).toBeVisible({ timeout: 5_000 });
  await expect(orderSwitch(b)).toBeChecked({ checked: !orderingBefore, timeout: 5_000 });
  await b.getByRole('tab', { name: 'Terrazza' }).click();
  await expect(b.locator('[data-testid^="table-"]')).toHaveCount(2, { timeout: 5_000 });
  await expect
    .poll(async () => JSON.stringify(await squares(b)), { timeout: 5_000 })
    .toBe(JSON.stringify(await squares(a)));
  expect((await squares(a)).map((s) => [s.x, s.y])).toEqual(offlineView.map((s) => [s.x, s.y]));

  // The database holds each change exactly once.
  const rows = readDb((db) => {
    const rooms = db.prepare("SELECT id FROM rooms WHERE name = 'Terrazza'").all() as Array<{ id: string }>;
    const tables = db
      .prepare('SELECT x, y FROM tables WHERE room_id = ? ORDER BY x')
      .all(rooms[0]?.id ?? '') as Array<{ x: number; y: number }>;
    return { rooms: rooms.length, tables };
  });
  expect(rows.rooms).toBe(1);
  expect(rows.tables).toHaveLength(2);
  const onScreen = (await squares(a)).map((s) => [Number(s.x), Number(s.y)]).sort((p, q) => p[0]! - q[0]!);
  expect(rows.tables.map((r) => [r.x, r.y])).toEqual(onScreen);

  // The other journeys share the demo venue: put 'Abilita ordini' back as it was.
  await toggle(a, t.enableOrders);
  await expect(orderSwitch(b)).toBeChecked({ checked: orderingBefore, timeout: 5_000 });

  await tabletA.close();
  await tabletB.close();
});

test('at 400 px the room shows a grid and hides the room-management buttons', async ({ browser }) => {
  const url = baseUrl();
  const phone = await browser.newContext({ baseURL: url, viewport: { width: 400, height: 800 } });
  await signInDemoOwner(phone, url);
  const page = await phone.newPage();
  await page.goto('/owner/room');
  await expect(page.getByRole('tab', { name: 'Sala interna' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tavolo 1', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: t.manageRooms })).toBeHidden();
  await expect(page.getByRole('switch', { name: t.manageTables })).toBeHidden();
  await expect(page.getByRole('button', { name: t.addTable })).toBeHidden();
  // A list of the tables in grid flow, not the draggable canvas.
  const grid = page.getByRole('list', { name: xf.roomLayout('Sala interna') });
  await expect(grid).toBeVisible();
  await expect(grid).toHaveCSS('display', 'grid');
  expect(await grid.getByRole('listitem').count()).toBeGreaterThan(0);
  await expect(page.getByRole('region', { name: xf.roomLayout('Sala interna') })).toHaveCount(0);
  await shootAllSizes(page, 'owner-room-narrow');
  await expectAccessible(page);
  await phone.close();
});
