import type { BusinessRow, ChatMessage, RoomTable } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownerMutators } from '../../app/owner-mutators.ts';
import { readMarks } from '../../data/chat-read-marks.ts';
import { ComandaDb, type ServerRow } from '../../data/db.ts';
import { SyncContext } from '../../data/hooks.ts';
import { SyncClient } from '../../data/sync-client.ts';
import { freshDbName } from '../../test/sync-fixture.ts';
import OwnerChatRoute from './index.tsx';

const BIZ = '99999999-9999-4999-8999-999999999999';
const business = (chatEnabled: 0 | 1): BusinessRow => ({
  id: BIZ,
  name: 'Da Mario',
  costoConsegna: 0,
  openingTime: '18:00',
  closingTime: '02:00',
  openConsegna: '18:00',
  closeConsegna: '23:00',
  abilitaConsegna: 1,
  orderEnabled: 1,
  chatEnabled,
  is_closed: 0,
  messaggioChiusura: null,
});
const table = (id: string, number: number): ServerRow => ({
  entity: 'table',
  entityId: id,
  data: {
    id,
    businessId: BIZ,
    roomId: 'R',
    number,
    x: 0,
    y: 0,
    status: false,
    called: false,
  } satisfies RoomTable,
});
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const message = (
  id: string,
  tableId: string,
  text: string,
  ago: number,
  from: 'user' | 'owner' = 'user',
): ServerRow => ({
  entity: 'chatMessage',
  entityId: id,
  data: { id, tableId, text, time: minutesAgo(ago), from } satisfies ChatMessage,
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  readMarks.reset();
  vi.unstubAllGlobals();
});

async function renderChat(rows: ServerRow[], chatEnabled: 0 | 1 = 1) {
  const db = new ComandaDb(freshDbName());
  await db.meta.put({
    key: 'sync',
    clientId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    nextMutationId: 1,
    lastVersion: 5,
    synced: true,
  });
  await db.serverRows.bulkPut([{ entity: 'business', entityId: BIZ, data: business(chatEnabled) }, ...rows]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404 })),
  );
  // Not started: the outbox keeps what the screen queues, for the test to read.
  const sync = new SyncClient({ db, mutators: ownerMutators });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: () => (
          <SyncContext.Provider value={sync}>
            <Outlet />
          </SyncContext.Provider>
        ),
        children: [{ path: 'owner/chat', Component: OwnerChatRoute }],
      },
    ],
    { initialEntries: ['/owner/chat'] },
  );
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { name: 'Conversazioni' });
  return { db, router };
}

const rows = [
  table('T3', 3),
  table('T8', 8),
  message('m1', 'T3', 'Il conto', 20),
  message('m2', 'T8', 'Possiamo avere il sale?', 5),
  message('m3', 'T8', '<b>grazie</b>', 4),
];

describe('owner chat /owner/chat', () => {
  it('lists conversations newest first with unread counts; opening one reads it; markup shows as typed', async () => {
    await renderChat(rows);
    const nav = screen.getByRole('navigation', { name: 'Conversazioni' });
    const items = within(nav).getAllByRole('button');
    // Each entry's name starts with its table and unread count, then the last message's time.
    const names = () =>
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent?.split(/\d\d:\d\d/)[0]);
    expect(names()).toEqual(['Tavolo 8, 2 non letti', 'Tavolo 3, 1 non letto']);
    await act(async () => {
      fireEvent.click(items[0] as HTMLElement);
    });
    const thread = screen.getByRole('region', { name: 'Tavolo 8' });
    const log = within(thread).getByRole('log', { name: 'Messaggi' });
    expect(within(log).getByText('<b>grazie</b>')).toBeTruthy();
    expect(log.querySelector('b')).toBeNull();
    await waitFor(() => expect(names()).toEqual(['Tavolo 8', 'Tavolo 3, 1 non letto']));
  });

  it('an answer is queued in the outbox and shown at once as the staff’s', async () => {
    const { db, router } = await renderChat(rows);
    await act(async () => {
      await router.navigate('/owner/chat?table=T3');
    });
    const input = await screen.findByRole('textbox', { name: 'Risposta: Tavolo 3' });
    fireEvent.change(input, { target: { value: '  Arriva subito  ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    });
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry?.name).toBe('ownerChatSend');
    expect(entry?.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      tableId: 'T3',
      text: 'Arriva subito',
    });
    const log = screen.getByRole('log', { name: 'Messaggi' });
    expect(await within(log).findByText('Arriva subito')).toBeTruthy();
    expect(within(log).getAllByText('Staff')).toHaveLength(1);
  });

  it('with the chat off: says so and the answer box is disabled', async () => {
    const { router } = await renderChat(rows, 0);
    expect(
      screen.getByText('La chat è disattivata: i clienti non possono scrivere né leggere le risposte.'),
    ).toBeTruthy();
    await act(async () => {
      await router.navigate('/owner/chat?table=T8');
    });
    expect(
      (await screen.findByRole('textbox', { name: 'Risposta: Tavolo 8' })).hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.getByRole('switch', { name: 'Chat attiva' })).toBeTruthy();
  });
});
