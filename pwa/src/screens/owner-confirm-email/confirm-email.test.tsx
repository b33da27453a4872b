import { t } from '@comanda/shared-schema';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ConfirmEmailScreen from './index.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(path: string, status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/user/confirmEmail/:token', element: <ConfirmEmailScreen /> },
      { path: '/owner/confirmEmail/:token', element: <ConfirmEmailScreen /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return fetchMock;
}

describe('confirm e-mail screen (customers and owners)', () => {
  it("a customer's link confirms through the same call", async () => {
    const fetchMock = open('/user/confirmEmail/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', 200, {
      success: true,
    });
    expect(await screen.findByText(t.emailConfirmed)).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/owner/confirmEmail');
  });

  it('a link cut short reads as an invalid link, not as a field error', async () => {
    open('/user/confirmEmail/corto', 400, {
      success: false,
      code: 'VALIDATION',
      error: 'token: Troppo piccolo: string deve avere >=10 caratteri',
      issues: [{ path: 'token', message: 'Troppo piccolo' }],
    });
    expect(await screen.findByText(t.invalidLink)).toBeTruthy();
    expect(screen.queryByText(/Troppo piccolo/)).toBeNull();
  });

  it('a used or expired link says so', async () => {
    open('/owner/confirmEmail/usato-gia-una-volta-000000000000000000000', 400, {
      success: false,
      code: 'TOKEN_INVALID',
      error: t.invalidLink,
    });
    expect(await screen.findByText(t.invalidLink)).toBeTruthy();
  });
});
