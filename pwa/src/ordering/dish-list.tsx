import { escapeHtml, formatEuro, type MenuDish, t } from '@comanda/shared-schema';
import { type MouseEvent, memo, useCallback, useLayoutEffect, useMemo, useRef } from 'react';

/**
 * One dish card as HTML: the list item holding a native `<button>` named by the dish name (its
 * description and price describe it, so a screen reader says "Margherita, button" and a test finds
 * it by name), the description and the price; the round '+' is drawn by the style sheet on the
 * price. The button holds only the name, so its name is what it shows (WCAG 2.5.3); its ::after
 * stretches over the whole card, so the card is one big touch target. `data-dish` is the dish's
 * place in the list, which the list's one click handler reads. The ids come from the dish's id,
 * unique on the page (one category is shown at a time).
 */
function dishCardHtml(dish: MenuDish, index: number): string {
  const id = escapeHtml(`dish-${dish.id}`);
  const hasVariants = dish.variants.some((v) => v.options.length > 0);
  const describedBy = dish.description ? `${id}-desc ${id}-price` : `${id}-price`;
  const description = dish.description
    ? `<span class="dish-description" id="${id}-desc">${escapeHtml(dish.description)}</span>`
    : '';
  return (
    `<li class="dish-card"><button type="button" class="dish-button" data-dish="${index}" ` +
    `aria-describedby="${describedBy}"${hasVariants ? ' aria-haspopup="dialog"' : ''}>` +
    `${escapeHtml(dish.name)}</button>${description}` +
    `<span class="dish-price" id="${id}-price">${escapeHtml(formatEuro(dish.price))}</span></li>`
  );
}

/** The cards of `dishes`, in order, as HTML (escaped: see `escapeHtml`). */
export function dishListHtml(dishes: readonly MenuDish[]): string {
  return dishes.map(dishCardHtml).join('');
}

/**
 * The dishes of the shown category (spec 2.7). A menu may hold hundreds of dishes, all on the page
 * at once (reachable by scrolling, by keyboard, by a screen reader and by the browser's find), and
 * on a phone's first visit they are drawn while nothing else can happen: React created 300 cards
 * element by element in about 200 ms of a 4x-slowed phone (traced), the browser's HTML parser
 * builds the same cards from one string in 15-30 ms (`npm run bench -- menu300`). So the cards
 * are that string, built from the menu (every word of it escaped), and the list has one click
 * handler: a native button's tap, Enter, Space and a screen reader's activation all arrive as one
 * `click` that bubbles to it. A card has no state of its own, so nothing of React's is lost.
 *
 * `locked` (an order on its way, ordering switched off) disables every button in place, keeping
 * the cards and the focus; the string is rebuilt only when the dishes change. Memoised: a tap
 * changes the cart, not the list.
 */
export const DishList = memo(function DishList({
  dishes,
  locked,
  onChoose,
}: {
  dishes: MenuDish[];
  locked: boolean;
  onChoose: (dish: MenuDish) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  const html = useMemo(() => ({ __html: dishListHtml(dishes) }), [dishes]);
  // Before the browser paints: a locked list never shows its buttons enabled, not even a frame.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `html` is a dependency on purpose; new cards need the lock too
  useLayoutEffect(() => {
    for (const card of Array.from(list.current?.children ?? [])) {
      card.toggleAttribute('data-disabled', locked);
      const button = card.firstElementChild;
      if (button instanceof HTMLButtonElement) button.disabled = locked;
    }
  }, [locked, html]);
  const onClick = useCallback(
    (event: MouseEvent<HTMLUListElement>) => {
      const button = (event.target as Element).closest<HTMLButtonElement>('button.dish-button');
      const dish = button ? dishes[Number(button.dataset.dish)] : undefined;
      if (dish && !button?.disabled) onChoose(dish);
    },
    [dishes, onChoose],
  );
  if (dishes.length === 0) return <p className="menu-empty">{t.noDishes}</p>;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are the native buttons' inside, which take keys themselves
    // biome-ignore lint/security/noDangerouslySetInnerHtml: built by `dishListHtml`, every word of the menu escaped (dish-list.test.tsx)
    <ul className="dish-grid" ref={list} onClick={onClick} dangerouslySetInnerHTML={html} />
  );
});
