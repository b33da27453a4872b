import { t, tf } from '@comanda/shared-schema';
import type { Page } from '@playwright/test';
import { openTable, phoneAsGuest } from './customer.ts';
import { demoTable, readDb } from './db.ts';
import { expect, expectAccessible, GOES_OFFLINE, shootAllSizes, test } from './fixtures.ts';
import { ownerDevice } from './owner.ts';

/** Demo table 8: tables 3-7 belong to the other journeys. */
const TABLE = 8;

const beeps = (page: Page) => page.evaluate(() => (window as unknown as { __beeps: number }).__beeps);

/** The live frames a page receives, by event name, counted as they arrive. */
function countFrames(page: Page): Map<string, number> {
  const counts = new Map<string, number>();
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) => {
      try {
        const { event } = JSON.parse(String(payload)) as { event?: string };
        if (event) counts.set(event, (counts.get(event) ?? 0) + 1);
      } catch {
        // not a JSON frame
      }
    });
  });
  return counts;
}

/** The messages the server stored for a table, oldest first. */
function storedMessages(tableId: string): Array<{ sender: string; text: string }> {
  return readDb(
    (db) =>
      db
        .prepare('SELECT sender, text FROM chat_messages WHERE table_id = ? ORDER BY created_at, id')
        .all(tableId) as Array<{ sender: string; text: string }>,
  );
}

test('chat: a phone writes and calls the waiter, the tablet answers offline, history replays once, chat off closes the input', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { ownerId, tableId } = demoTable(TABLE);
  const table = tf.table(TABLE);

  const tabletContext = await ownerDevice(browser, { width: 1024, height: 768 }, GOES_OFFLINE);
  const tablet = await tabletContext.newPage();
  await tablet.goto('/owner/dashboard');
  await expect(tablet.getByRole('button', { name: t.chatOpen })).toBeVisible();

  // The phone at table 8 opens the chat (signing in as a guest on the way).
  const phoneContext = await phoneAsGuest(browser, GOES_OFFLINE);
  const phone = await phoneContext.newPage();
  const frames = countFrames(phone);
  await openTable(phone, ownerId, tableId);
  await phone.goto(`/user/chat/${encodeURIComponent(ownerId)}/${encodeURIComponent(tableId)}`);
  await expect(phone.getByRole('heading', { name: t.chatTitle })).toBeVisible();
  await expect(phone.getByText(`Trattoria Demo · ${table}`)).toBeVisible();
  const log = phone.getByRole('log', { name: t.chatMessages });
  await expect(log.getByText(t.chatEmpty)).toBeVisible();

  const question = "Possiamo avere dell'acqua? <b>naturale</b>";
  const input = phone.getByRole('textbox', { name: t.chatMessageLabel });
  await input.fill(question);
  await phone.getByRole('button', { name: t.chatSend }).click();
  await expect(log.getByText(question)).toBeVisible();
  await expect(log.getByText(t.chatPending)).toHaveCount(0);
  await expect(log.locator('b')).toHaveCount(0);

  // The tablet: a toast with the table number and an unread count on the Chat button.
  await expect(tablet.getByText(tf.chatToast(table, question))).toBeVisible();
  await expect(tablet.getByRole('button', { name: tf.chatOpenUnread(1) })).toBeVisible();
  await shootAllSizes(tablet, 'chat-dashboard');

  // The phone calls the waiter: the tablet rings and shows 'Il Tavolo 8 richiede il cameriere'.
  const beepsBefore = await beeps(tablet);
  await phone.getByRole('button', { name: t.callWaiterButton }).click();
  await expect(phone.getByText(/^Chiamata ricevuta alle \d\d:\d\d$/)).toBeVisible();
  await expect(phone.getByText(t.waiterCalled)).toBeVisible();
  await expect(phone.getByRole('button', { name: t.callWaiterButton })).toBeDisabled();
  await expect(phone.getByText(/^Puoi chiamare di nuovo tra [12]:\d\d$/)).toBeVisible();
  await expect(tablet.getByText(tf.tableCallsWaiter(TABLE)).first()).toBeVisible();
  await expect.poll(() => beeps(tablet)).toBeGreaterThan(beepsBefore);
  await expectAccessible(phone);
  await shootAllSizes(phone, 'user-chat');

  // A waiter answers the call on the tablet: the phone says the call was seen.
  await tablet.getByRole('button', { name: /^Chiamate cameriere: \d+$/ }).click();
  const calls = tablet.getByRole('dialog', { name: t.callWaiter });
  await calls.getByRole('button', { name: `${t.dismissWaiterCall}: ${table}` }).click();
  await expect(calls.getByText(tf.tableCallsWaiter(TABLE))).toHaveCount(0);
  await tablet.keyboard.press('Escape');
  await expect(phone.getByText(/^Il cameriere ha visto la chiamata alle \d\d:\d\d$/)).toBeVisible();

  // The tablet opens the conversation from the dashboard.
  await tablet.getByRole('button', { name: tf.chatOpenUnread(1) }).click();
  await expect(tablet).toHaveURL(/\/owner\/chat\?table=/);
  const thread = tablet.getByRole('region', { name: table });
  await expect(thread.getByText(question)).toBeVisible();
  // Read now: its entry no longer counts it unread.
  const entry = tablet
    .getByRole('navigation', { name: t.chatConversations })
    .getByRole('button', { name: table });
  await expect(entry).toContainText(question);
  await expect(entry).not.toContainText(tf.chatUnread(1));

  // The tablet loses the Wi-Fi and answers anyway: shown at once, delivered after reconnecting, once.
  await tabletContext.setOffline(true);
  await expect(tablet.getByText(t.connectionLost)).toBeVisible();
  const answer = 'Arriva subito, naturale o frizzante?';
  await tablet.getByRole('textbox', { name: `${t.chatAnswer}: ${table}` }).fill(answer);
  await tablet.getByRole('button', { name: t.chatSend }).click();
  await expect(thread.getByText(answer)).toBeVisible();
  // Not sent: it waits in the tablet's outbox, the server has none, so the phone shows none.
  await expect(tablet.getByRole('status').filter({ hasText: tf.pendingChanges(1) })).toHaveCount(1);
  expect(storedMessages(tableId).filter((m) => m.text === answer)).toEqual([]);
  await expect(log.getByText(answer)).toHaveCount(0);
  await tabletContext.setOffline(false);
  await expect(tablet.getByText(t.connectionRestored)).toBeVisible({ timeout: 15_000 });
  await expect(log.getByText(answer)).toBeVisible({ timeout: 15_000 });
  await expect(log.getByText(t.chatFromVenue)).toHaveCount(1);
  await expect.poll(() => storedMessages(tableId).filter((m) => m.text === answer).length).toBe(1);
  await expectAccessible(tablet);
  await shootAllSizes(tablet, 'owner-chat');

  // The phone drops and writes meanwhile; back online, the history replays through
  // syncMessages: nothing twice, and its message leaves once.
  const syncsBefore = frames.get('syncMessages') ?? 0;
  expect(syncsBefore).toBeGreaterThanOrEqual(1);
  await phoneContext.setOffline(true);
  await expect(phone.getByText(t.chatOffline)).toBeVisible();
  const offline = 'Siamo in quattro';
  await input.fill(offline);
  await input.press('Enter');
  await expect(log.getByText(t.chatPending)).toBeVisible();
  await phoneContext.setOffline(false);
  await expect.poll(() => frames.get('syncMessages') ?? 0, { timeout: 15_000 }).toBeGreaterThan(syncsBefore);
  await expect(log.getByText(offline)).toBeVisible();
  await expect(log.getByText(t.chatPending)).toHaveCount(0);
  for (const text of [question, answer, offline]) await expect(log.getByText(text)).toHaveCount(1);
  await expect(thread.getByText(offline)).toBeVisible();
  await expect
    .poll(() => storedMessages(tableId))
    .toEqual([
      { sender: 'user', text: question },
      { sender: 'owner', text: answer },
      { sender: 'user', text: offline },
    ]);

  // The tablet switches the chat off: the phone's input closes at once, and opens again.
  const chatSwitch = tablet.getByRole('switch', { name: t.chatEnabledLabel });
  // The label is what a finger presses (the switch's input sits under its drawn track).
  const flip = () => tablet.getByText(t.chatEnabledLabel, { exact: true }).click();
  await expect(chatSwitch).toBeChecked();
  await flip();
  await expect(chatSwitch).not.toBeChecked();
  await expect(phone.getByRole('alert').filter({ hasText: t.chatDisabled })).toBeVisible();
  await expect(phone.getByRole('textbox', { name: t.chatMessageLabel })).toHaveCount(0);
  await expect(tablet.getByText(t.chatDisabledOwner)).toBeVisible();
  await flip();
  await expect(chatSwitch).toBeChecked();
  await expect(phone.getByRole('textbox', { name: t.chatMessageLabel })).toBeVisible();

  for (const context of [tabletContext, phoneContext]) await context.close();
});
