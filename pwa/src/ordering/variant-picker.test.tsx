import { type CartLine, type MenuDish, NO_THANKS_LABEL, t } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildLine,
  emptyPick,
  missingGroups,
  type PickState,
  pickerGroups,
  pickPrice,
  removedNote,
  resetGroup,
  setExtra,
  setIngredient,
} from './variant-pick.ts';
import { PickerDialog } from './variant-picker.tsx';

const burger: MenuDish = {
  id: 'd1',
  name: 'Hamburger della casa',
  price: 1300,
  categoryId: 'c1',
  categoryName: 'Secondi',
  description: 'Manzo 200 g',
  variants: [
    {
      id: 'v-agg',
      name: 'Aggiunte',
      multi: 1,
      position: 2,
      options: [
        { id: 'o-uovo', label: 'Uovo', price: 100 },
        { id: 'o-bacon', label: 'Bacon', price: 150 },
      ],
    },
    {
      id: 'v-ing',
      name: 'Ingredienti',
      multi: 1,
      position: 1,
      options: [
        { id: 'o-pom', label: 'Pomodoro', price: 0 },
        { id: 'o-cip', label: 'Cipolla', price: 0 },
        { id: 'o-no', label: NO_THANKS_LABEL, price: 0 },
      ],
    },
    {
      id: 'v-cot',
      name: 'Cottura',
      multi: 0,
      position: 0,
      options: [
        { id: 'o-media', label: 'Media', price: 0 },
        { id: 'o-sangue', label: 'Al sangue', price: 0 },
      ],
    },
  ],
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('variant picker rules', () => {
  it("orders variants by position and options 'no, grazie!' first, then alphabetically", () => {
    const groups = pickerGroups(burger);
    expect(groups.map((g) => [g.variant.name, g.kind])).toEqual([
      ['Cottura', 'single'],
      ['Ingredienti', 'ingredients'],
      ['Aggiunte', 'multi'],
    ]);
    expect(groups[1]?.options.map((o) => o.label)).toEqual([NO_THANKS_LABEL, 'Cipolla', 'Pomodoro']);
    expect(groups[0]?.options.map((o) => o.label)).toEqual(['Al sangue', 'Media']);
  });

  it('a mandatory single choice without a selection is missing', () => {
    const groups = pickerGroups(burger);
    expect(missingGroups(groups, emptyPick())).toEqual(['v-cot']);
  });

  it("removed ingredients give the 'NO {option}' note, extras add their price, 'no, grazie!' resets", () => {
    const groups = pickerGroups(burger);
    let pick: PickState = { ...emptyPick(), single: { 'v-cot': 'o-media' } };
    pick = setIngredient(pick, 'v-ing', 'o-pom', false);
    pick = setIngredient(pick, 'v-ing', 'o-cip', false);
    pick = setExtra(pick, 'v-agg', 'o-bacon', true);
    expect(removedNote(groups, pick)).toBe('NO Cipolla, NO Pomodoro');
    expect(pickPrice(burger, groups, pick)).toBe(1450);
    const line = buildLine(burger, groups, pick);
    expect(line.note).toBe('NO Cipolla, NO Pomodoro');
    expect(line.variants.map((v) => [v.name, v.selected])).toEqual([
      ['Cottura', { id: 'o-media', label: 'Media', price: 0 }],
      ['Aggiunte', [{ id: 'o-bacon', label: 'Bacon', price: 150 }]],
    ]);
    expect(line).not.toHaveProperty('description');
    const reset = resetGroup(pick, 'v-ing');
    expect(removedNote(groups, reset)).toBe('');
  });
});

describe('variant picker dialog', () => {
  function open(onAdd = vi.fn<(line: CartLine) => void>()) {
    const scrollTo = vi.fn();
    // jsdom lays nothing out; the spy stands for the browser's scroll.
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, value: scrollTo });
    render(<PickerDialog dish={burger} onAdd={onAdd} onClose={() => undefined} />);
    return { onAdd, scrollTo };
  }

  it('is titled with the dish name and refuses a missing mandatory choice, scrolling to the top', async () => {
    const { onAdd, scrollTo } = open();
    expect(screen.getByRole('heading', { name: burger.name })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: t.addToCart }));
    });
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain(t.chooseAtLeastOne);
    expect(screen.getByText(t.mandatoryChoice)).toBeTruthy();
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo.mock.instances[0]).toBe(screen.getByTestId('picker-body'));
    expect(scrollTo.mock.calls[0]?.[0]).toMatchObject({ top: 0 });
  });

  it('adds the line with the choice and the removed ingredients as the note', async () => {
    const { onAdd } = open();
    const cottura = screen.getByRole('radiogroup', { name: /Cottura/ });
    await act(async () => {
      fireEvent.click(within(cottura).getByRole('radio', { name: 'Media' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: t.ingredientsCustomize }));
    });
    const ingredients = screen.getByRole('group', { name: /Ingredienti/ });
    const onion = within(ingredients).getByRole('checkbox', { name: 'Cipolla' }) as HTMLInputElement;
    expect(onion.checked).toBe(true);
    await act(async () => {
      fireEvent.click(onion);
    });
    expect(within(ingredients).getByText('NO Cipolla')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: t.addToCart }));
    });
    expect(onAdd).toHaveBeenCalledTimes(1);
    const line = onAdd.mock.calls[0]?.[0];
    expect(line?.note).toBe('NO Cipolla');
    expect(line?.variants.map((v) => v.name)).toEqual(['Cottura']);
  });

  it("offers 'no, grazie!' of an ingredients group as a radio choice listed first and chosen, not as a box", async () => {
    const { onAdd } = open();
    const choice = screen.getByRole('radiogroup', { name: 'Ingredienti' });
    const radios = within(choice).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      `${NO_THANKS_LABEL} ${t.ingredientsAsMenu}`,
      t.ingredientsCustomize,
    ]);
    expect(radios[0]?.checked).toBe(true);
    // No box anywhere is 'no, grazie!', and the ingredients wait behind 'Personalizza'.
    expect(screen.queryByRole('checkbox', { name: NO_THANKS_LABEL })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Cipolla' })).toBeNull();

    await act(async () => {
      fireEvent.click(within(choice).getByRole('radio', { name: t.ingredientsCustomize }));
    });
    expect(screen.getByText(t.ingredientsHint)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'Pomodoro' }));
    });
    expect(screen.getByText('NO Pomodoro')).toBeTruthy();
    // 'no, grazie!' again: the ingredients back, nothing removed.
    await act(async () => {
      fireEvent.click(within(choice).getByRole('radio', { name: new RegExp(NO_THANKS_LABEL) }));
    });
    expect(screen.queryByRole('checkbox', { name: 'Pomodoro' })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: 'Al sangue' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: t.addToCart }));
    });
    const line = onAdd.mock.calls[0]?.[0];
    expect(line?.note).toBeUndefined();
    expect(line?.variants.map((v) => v.name)).toEqual(['Cottura']);
  });

  it("a single-choice variant's 'no, grazie!' is its first radio, and the line names the group", async () => {
    const fries: MenuDish = {
      ...burger,
      id: 'd2',
      name: 'Patatine fritte',
      price: 400,
      variants: [
        {
          id: 'v-salsa',
          name: 'Salsa',
          multi: 0,
          position: 0,
          options: [
            { id: 'o-ketchup', label: 'Ketchup', price: 0 },
            { id: 'o-no-salsa', label: NO_THANKS_LABEL, price: 0 },
          ],
        },
      ],
    };
    const onAdd = vi.fn<(line: CartLine) => void>();
    render(<PickerDialog dish={fries} onAdd={onAdd} onClose={() => undefined} />);
    const salsa = screen.getByRole('radiogroup', { name: /Salsa/ });
    const radios = within(salsa).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([NO_THANKS_LABEL, 'Ketchup']);
    await act(async () => {
      fireEvent.click(radios[0] as HTMLElement);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: t.addToCart }));
    });
    const line = onAdd.mock.calls[0]?.[0];
    expect(line?.variants).toEqual([
      expect.objectContaining({
        name: 'Salsa',
        selected: { id: 'o-no-salsa', label: NO_THANKS_LABEL, price: 0 },
      }),
    ]);
  });
});
