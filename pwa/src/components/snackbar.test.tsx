import { SNACKBAR_MS, t } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider, useSnackbar } from './snackbar.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function QuickAction({ text }: { text: string }) {
  const notify = useSnackbar();
  return (
    <button type="button" onClick={() => notify(text)}>
      {text}
    </button>
  );
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const region = () => screen.getByRole('status', { name: t.confirmations });

describe('the generic snackbar (spec 9: 2 s)', () => {
  it('shows a quick confirmation for 2 s, in a polite live region that is always there', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(
      <SnackbarProvider>
        <QuickAction text="Ordine accettato" />
      </SnackbarProvider>,
    );
    expect(SNACKBAR_MS).toBe(2000);
    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(region().textContent).toBe('');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ordine accettato' }));
    });
    expect(region().textContent).toBe('Ordine accettato');
    await advance(SNACKBAR_MS - 1);
    expect(region().textContent).toBe('Ordine accettato');
    await advance(1);
    expect(region().textContent).toBe('');
  });

  it('one at a time: a new one replaces the one showing and gets its own 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(
      <SnackbarProvider>
        <QuickAction text="Tavolo 4 eliminato" />
        <QuickAction text="Ordine rifiutato" />
      </SnackbarProvider>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Tavolo 4 eliminato' }));
    });
    await advance(1500);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ordine rifiutato' }));
    });
    expect(region().textContent).toBe('Ordine rifiutato');
    // The first one's 2 s end here: the second stays.
    await advance(500);
    expect(region().textContent).toBe('Ordine rifiutato');
    await advance(1499);
    expect(region().textContent).toBe('Ordine rifiutato');
    await advance(1);
    expect(region().textContent).toBe('');
  });

  it('the same text twice in a row shows again for a full 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(
      <SnackbarProvider>
        <QuickAction text="Ordine accettato" />
      </SnackbarProvider>,
    );
    const button = screen.getByRole('button', { name: 'Ordine accettato' });
    await act(async () => {
      fireEvent.click(button);
    });
    await advance(1900);
    await act(async () => {
      fireEvent.click(button);
    });
    await advance(1900);
    expect(region().textContent).toBe('Ordine accettato');
    await advance(100);
    expect(region().textContent).toBe('');
  });

  it('outside a provider a quick confirmation is simply not shown', async () => {
    render(<QuickAction text="Ordine accettato" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ordine accettato' }));
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
