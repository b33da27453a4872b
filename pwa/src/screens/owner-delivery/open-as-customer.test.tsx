import { t } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETURN_PATH_KEY } from '../../owner-switch/return-path.ts';
import { stubSessionServer } from '../../owner-switch/session-test-server.ts';
import { BIZ } from '../../test/owner-screen.tsx';
import { renderDesk } from './desk-test-harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

describe("the delivery desk: the venue's delivery page as a customer (spec 1's switch)", () => {
  it('switches into the customer flow on the delivery page, the desk kept as the way back', async () => {
    await renderDesk();
    const button = await screen.findByRole('button', { name: t.openDeliveryAsCustomer });
    const server = stubSessionServer('owner');
    await act(async () => {
      fireEvent.click(button);
    });
    await screen.findByRole('heading', { name: `pagina cliente /user/delivery/${BIZ}` });
    expect(server.paths()).toEqual(['/api/user/sessionId/get', '/api/user/login']);
    expect(sessionStorage.getItem(RETURN_PATH_KEY)).toBe('/owner/delivery');
  });
});
