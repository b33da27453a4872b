import { formatEuro, type MenuDish } from '@comanda/shared-schema';
import { memo } from 'react';

/**
 * A dish of the menu: one button named by the dish name (its description and price describe
 * it), so a screen reader says "Margherita, button" and a test finds it by name.
 *
 * A native `<button>`, not react-aria's Button: a menu shows hundreds of these at once, and
 * react-aria's press handling (a dozen hooks and listeners per button, a forced layout on every
 * press) cost more than half a second on a mid-range phone for 300 dishes. A native button
 * already does what it added here: Enter, Space, a tap and a screen reader's activation all arrive
 * as one `click`; `disabled` takes it out of use; `:focus-visible` shows the keyboard focus.
 *
 * The card is the list item, with three elements in it and no hook: every element and attribute
 * is paid 300 times on the first render (the round '+' is drawn by the style sheet, on the price).
 * The ids come from the dish's id, which is unique on the page (one category is shown at a time).
 */
export const DishCard = memo(function DishCard({
  dish,
  isDisabled,
  onChoose,
}: {
  dish: MenuDish;
  isDisabled: boolean;
  onChoose: (dish: MenuDish) => void;
}) {
  const id = `dish-${dish.id}`;
  const hasVariants = dish.variants.some((v) => v.options.length > 0);
  // The button holds only the name, so its name is what it shows (WCAG 2.5.3); its ::after
  // stretches over the whole card, so the card is one big touch target.
  return (
    <li className="dish-card" data-disabled={isDisabled || undefined}>
      <button
        type="button"
        className="dish-button"
        aria-describedby={dish.description ? `${id}-desc ${id}-price` : `${id}-price`}
        aria-haspopup={hasVariants ? 'dialog' : undefined}
        disabled={isDisabled}
        onClick={() => onChoose(dish)}
      >
        {dish.name}
      </button>
      {dish.description ? (
        <span className="dish-description" id={`${id}-desc`}>
          {dish.description}
        </span>
      ) : null}
      <span className="dish-price" id={`${id}-price`}>
        {formatEuro(dish.price)}
      </span>
    </li>
  );
});
