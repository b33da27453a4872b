import { CONFIRM_DELAY_MS, t } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

// jsdom has no CSS.escape; react-aria's modal reads a meta tag with it.
if (!globalThis.CSS?.escape) {
  const cssEscape = (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);
  Object.assign(globalThis, { CSS: { ...globalThis.CSS, escape: cssEscape } });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A screen with one destructive action behind the confirm dialog. */
function Harness({ delayMs, onConfirm }: { delayMs?: number; onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Completa
      </button>
      <ConfirmDialog
        question="Tavolo 4: completare?"
        isOpen={open}
        delayMs={delayMs}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
      />
    </>
  );
}

const isDisabled = (button: HTMLElement) => button.hasAttribute('disabled');

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function tap(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

describe('ConfirmDialog, the optional delay of spec 9', () => {
  it('without a delay, Conferma works at once', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await tap(screen.getByRole('button', { name: 'Completa' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Tavolo 4: completare?' });
    const confirm = within(dialog).getByRole('button', { name: t.confirm });
    expect(isDisabled(confirm)).toBe(false);
    await tap(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('with the delay, Conferma does nothing until the delay has passed, and waits again at each opening', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onConfirm = vi.fn();
    render(<Harness delayMs={CONFIRM_DELAY_MS} onConfirm={onConfirm} />);
    expect(CONFIRM_DELAY_MS).toBe(1000);
    for (const round of [1, 2]) {
      await tap(screen.getByRole('button', { name: 'Completa' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Tavolo 4: completare?' });
      const confirm = within(dialog).getByRole('button', { name: t.confirm });
      expect(isDisabled(confirm)).toBe(true);
      expect(confirm.className).toContain('confirm-waiting');
      // The second tap of a double tap lands on a button that is not yet live.
      await tap(confirm);
      await advance(CONFIRM_DELAY_MS - 1);
      expect(isDisabled(confirm)).toBe(true);
      await tap(confirm);
      expect(onConfirm).toHaveBeenCalledTimes(round - 1);
      // 'Annulla' works at once, whatever the delay.
      expect(isDisabled(within(dialog).getByRole('button', { name: t.cancel }))).toBe(false);
      await advance(1);
      expect(isDisabled(confirm)).toBe(false);
      expect(confirm.className).not.toContain('confirm-waiting');
      await tap(confirm);
      expect(onConfirm).toHaveBeenCalledTimes(round);
      expect(screen.queryByRole('alertdialog')).toBeNull();
    }
  });
});
