import { t } from '@comanda/shared-schema';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beep } from '../../data/sound.ts';
import { anna, minutesAgo, renderDesk } from './desk-test-harness.tsx';

vi.mock('../../data/sound.ts', () => ({ beep: vi.fn() }));

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the desk shows the total of the order view', { timeout: 30_000 }, () => {
  it('a discount given on the order view: Sconto and NUOVO TOTALE on the desk card too', async () => {
    // Anna's accepted Consegna: a Tiramisù at 5,00 € and the 2,50 € fee; a 4,00 € discount.
    // Opened just now: 'today' on the desk.
    const opened = minutesAgo(0);
    await renderDesk([
      { entity: 'order', entityId: anna.id, data: { ...anna, sconto: 400, createdAt: opened } },
    ]);
    const accepted = screen.getByRole('region', { name: /Accettati oggi/ });
    const card = within(accepted).getByRole('article', { name: /Anna Verdi/ });
    expect(within(card).getByLabelText(t.orderTotals).textContent).toBe(
      'Subtotale5,00 €Costo consegna2,50 €TOTALE7,50 €Sconto4,00 €NUOVO TOTALE3,50 €',
    );
    expect(beep).not.toHaveBeenCalled();
  });
});
