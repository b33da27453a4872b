import { t, tf } from '@comanda/shared-schema';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETURN_PATH_KEY } from '../../owner-switch/return-path.ts';
import { stubSessionServer } from '../../owner-switch/session-test-server.ts';
import { BIZ, press, renderRoom } from './room-test-harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

describe("the room's table menu: 'Apri come cliente' (spec 1's switch)", () => {
  it("opens the table's customer menu, the room kept as the way back", async () => {
    await renderRoom();
    const server = stubSessionServer('owner');
    await press(screen.getByRole('button', { name: tf.table(2) }));
    const menu = await screen.findByRole('menu', { name: tf.table(2) });
    await press(within(menu).getByRole('menuitem', { name: t.openAsCustomer }));
    await screen.findByRole('heading', { name: `pagina cliente /user/reservation/${BIZ}/t2` });
    expect(server.cookie).toBe('switched');
    expect(sessionStorage.getItem(RETURN_PATH_KEY)).toBe('/owner/room');
  });
});
