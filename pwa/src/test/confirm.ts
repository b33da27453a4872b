import { t } from '@comanda/shared-schema';
import { waitFor, within } from '@testing-library/react';

/**
 * 'Conferma' of a destructive confirmation, once the confirm dialog's delay (spec 9,
 * CONFIRM_DELAY_MS) has passed: waits for the button to be enabled, as a person would.
 */
export async function armedConfirm(dialog: HTMLElement): Promise<HTMLElement> {
  const button = within(dialog).getByRole('button', { name: t.confirm });
  await waitFor(() => {
    if (button.hasAttribute('disabled')) throw new Error("'Conferma' is still waiting");
  });
  return button;
}
