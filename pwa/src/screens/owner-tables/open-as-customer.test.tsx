import { t, tf } from '@comanda/shared-schema';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../../data/db.ts';
import { RETURN_PATH_KEY } from '../../owner-switch/return-path.ts';
import { stubSessionServer } from '../../owner-switch/session-test-server.ts';
import { BIZ, press, renderTables } from './tables-test-harness.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const openAsCustomer = (n: number) =>
  screen.getByRole('button', { name: tf.tableAction(t.openAsCustomer, n) });

const pending: OutboxEntry = {
  mutationId: 1,
  name: 'dashboardCallDiscard',
  body: { tableId: 't3' },
  status: 'pending',
  ackVersion: null,
  ackedAt: null,
  error: null,
  errorCode: null,
  attempts: 0,
  createdAt: Date.now(),
};

describe("/owner/tables: 'Apri come cliente' (spec 1's switch into the customer flow)", () => {
  it("opens the table's customer menu as a switched guest, keeping this screen as the way back", async () => {
    const { router } = await renderTables();
    const server = stubSessionServer('owner');
    await press(openAsCustomer(3));
    await screen.findByRole('heading', { name: `pagina cliente /user/reservation/${BIZ}/t3` });
    expect(router.state.location.pathname).toBe(`/user/reservation/${BIZ}/t3`);
    expect(server.paths()).toEqual(['/api/user/sessionId/get', '/api/user/login']);
    expect(server.cookie).toBe('switched');
    expect(sessionStorage.getItem(RETURN_PATH_KEY)).toBe('/owner/tables');
  });

  it('with changes waiting to be sent it stays here and says why, asking the server nothing', async () => {
    const { db, router } = await renderTables();
    await db.outbox.add(pending);
    const server = stubSessionServer('owner');
    await press(openAsCustomer(3));
    const dialog = await screen.findByRole('alertdialog', { name: t.ownerSwitchUnavailable });
    expect(within(dialog).getByText(t.ownerSwitchPending)).toBeTruthy();
    expect(server.calls).toEqual([]);
    expect(router.state.location.pathname).toBe('/owner/tables');
    await press(within(dialog).getByRole('button', { name: t.close }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('without a connection it stays here and says the connection is needed', async () => {
    const { router } = await renderTables();
    const server = stubSessionServer('owner');
    server.offline = true;
    await press(openAsCustomer(1));
    const dialog = await screen.findByRole('alertdialog', { name: t.ownerSwitchUnavailable });
    expect(within(dialog).getByText(t.ownerSwitchOffline)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/owner/tables');
    expect(server.cookie).toBe('owner');
  });
});
