import type { ChatMessage, RoomTable } from '@comanda/shared-schema';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readMarks } from '../../data/chat-read-marks.ts';
import type { ServerRow } from '../../data/db.ts';
import { FakeSocket } from '../../test/fake-socket.ts';
import { BIZ, renderDashboard } from './dashboard-test-harness.tsx';

vi.mock('../../data/sound.ts', () => ({ beep: vi.fn() }));

afterEach(() => {
  cleanup();
  localStorage.clear();
  readMarks.reset();
  vi.unstubAllGlobals();
});

const table8: ServerRow = {
  entity: 'table',
  entityId: 'T8',
  data: {
    id: 'T8',
    businessId: BIZ,
    roomId: 'R',
    number: 8,
    x: 0,
    y: 0,
    status: false,
    called: false,
  } satisfies RoomTable,
};
const chat = (id: string, text: string, from: 'user' | 'owner' = 'user'): ChatMessage => ({
  id,
  tableId: 'T8',
  text,
  time: new Date().toISOString(),
  from,
});

describe("the dashboard's chat notice", () => {
  it("a customer's message pops a toast with the table number; the Chat button counts the unread", async () => {
    const old = chat('m0', 'Buonasera');
    const { db } = await renderDashboard('/owner/dashboard', [
      table8,
      { entity: 'chatMessage', entityId: old.id, data: old },
    ]);
    expect(await screen.findByRole('button', { name: 'Apri la chat: 1 non letto' })).toBeTruthy();
    const fresh = chat('m1', 'Possiamo avere il sale?');
    act(() => FakeSocket.last?.push('recieveMessage', fresh));
    expect(await screen.findByText('Tavolo 8: Possiamo avere il sale?')).toBeTruthy();
    // The same message again (a replay) pops nothing more; an owner's answer pops nothing.
    act(() => FakeSocket.last?.push('recieveMessage', fresh));
    act(() => FakeSocket.last?.push('recieveMessage', chat('m2', 'Arrivo', 'owner')));
    expect(screen.getAllByText(/^Tavolo 8: /)).toHaveLength(1);
    // The catch-up brings it into the device's copy: two unread.
    await db.serverRows.put({ entity: 'chatMessage', entityId: fresh.id, data: fresh });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Apri la chat: 2 non letti' })).toBeTruthy(),
    );
  });
});
