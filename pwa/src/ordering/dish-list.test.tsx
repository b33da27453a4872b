import { escapeHtml, formatEuro, type MenuDish, t, type Variant } from '@comanda/shared-schema';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DishList, dishListHtml } from './dish-list.tsx';

function dish(id: string, name: string, extra: Partial<MenuDish> = {}): MenuDish {
  return { id, name, price: 800, categoryId: 'c1', categoryName: 'Pizze', variants: [], ...extra };
}

const COTTURA: Variant = {
  id: 'v1',
  name: 'Cottura',
  multi: 0,
  position: 0,
  options: [{ id: 'o1', label: 'Al sangue', price: 0 }],
};

/** What a screen reader reads after the name: the texts `aria-describedby` points to. */
function description(button: HTMLElement): string {
  return (button.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
}

const HOSTILE = `<img src=x onerror="alert(1)">'&"`;

describe('the dish list (spec 2.7)', () => {
  afterEach(cleanup);

  it('escapes every word the owner wrote, in text and in attributes', () => {
    expect(escapeHtml(HOSTILE)).toBe('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#39;&amp;&quot;');
    const html = dishListHtml([dish(`x" onclick="y`, HOSTILE, { description: HOSTILE })]);
    const host = document.createElement('ul');
    host.innerHTML = html;
    // The hostile words are text: no element and no attribute came from them.
    expect(host.querySelectorAll('img')).toHaveLength(0);
    expect(host.querySelector('[onclick]')).toBeNull();
    expect(host.querySelector('.dish-button')?.textContent).toBe(HOSTILE);
    expect(host.querySelector('.dish-description')?.textContent).toBe(HOSTILE);
    expect(host.querySelector('.dish-price')?.id).toBe(`dish-x" onclick="y-price`);
  });

  it('names each button by its dish, described by its description and price', () => {
    render(
      <DishList
        dishes={[
          dish('d1', 'Margherita', { description: 'Pomodoro e mozzarella', price: 750 }),
          dish('d2', 'Bistecca', { variants: [COTTURA] }),
        ]}
        locked={false}
        onChoose={() => {}}
      />,
    );
    const margherita = screen.getByRole('button', { name: 'Margherita' });
    expect(description(margherita)).toBe(`Pomodoro e mozzarella ${formatEuro(750)}`);
    expect(margherita.getAttribute('aria-haspopup')).toBeNull();
    const bistecca = screen.getByRole('button', { name: 'Bistecca' });
    expect(description(bistecca)).toBe(formatEuro(800));
    expect(bistecca.getAttribute('aria-haspopup')).toBe('dialog');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  // A native button turns Enter, Space and a screen reader's activation into this same click.
  it('hands the tapped dish over', () => {
    const onChoose = vi.fn();
    const dishes = [dish('d1', 'Margherita'), dish('d2', 'Diavola'), dish('d3', 'Marinara')];
    render(<DishList dishes={dishes} locked={false} onChoose={onChoose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Diavola' }));
    expect(onChoose).toHaveBeenLastCalledWith(dishes[1]);
    // A click on the card around the button (its description, its price) is not a choice.
    fireEvent.click(screen.getAllByRole('listitem')[2] as HTMLElement);
    expect(onChoose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Marinara' }));
    expect(onChoose).toHaveBeenLastCalledWith(dishes[2]);
  });

  it('locked, every button is disabled in place, keeping the cards and the focus', () => {
    const onChoose = vi.fn();
    const dishes = [dish('d1', 'Margherita'), dish('d2', 'Diavola')];
    const { rerender } = render(<DishList dishes={dishes} locked={false} onChoose={onChoose} />);
    const diavola = screen.getByRole('button', { name: 'Diavola' }) as HTMLButtonElement;
    diavola.focus();
    rerender(<DishList dishes={dishes} locked={true} onChoose={onChoose} />);
    const margherita = screen.getByRole('button', { name: 'Margherita' }) as HTMLButtonElement;
    expect(margherita.disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Diavola' })).toBe(diavola);
    expect(document.activeElement).toBe(diavola);
    expect(diavola.disabled).toBe(true);
    expect(diavola.closest('li')?.hasAttribute('data-disabled')).toBe(true);
    fireEvent.click(diavola);
    expect(onChoose).not.toHaveBeenCalled();
    rerender(<DishList dishes={dishes} locked={false} onChoose={onChoose} />);
    expect(diavola.disabled).toBe(false);
    expect(diavola.closest('li')?.hasAttribute('data-disabled')).toBe(false);
    // New dishes while locked come disabled too.
    rerender(<DishList dishes={[...dishes, dish('d3', 'Marinara')]} locked={true} onChoose={onChoose} />);
    expect((screen.getByRole('button', { name: 'Marinara' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when the category has no dishes', () => {
    render(<DishList dishes={[]} locked={false} onChoose={() => {}} />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByText(t.noDishes)).toBeTruthy();
  });
});
