import { formatEuro, type MenuDish } from '@comanda/shared-schema';
import { memo, useId } from 'react';
import { Button } from 'react-aria-components';

/**
 * A dish of the menu: one button named by the dish name (its description and price describe
 * it), so a screen reader says "Margherita, button" and a test finds it by name.
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
  const id = useId();
  const hasVariants = dish.variants.some((v) => v.options.length > 0);
  // The button holds only the name, so its name is what it shows (WCAG 2.5.3); its ::after
  // stretches over the whole card, so the card is one big touch target.
  return (
    <div className="dish-card" data-disabled={isDisabled || undefined}>
      <Button
        className="dish-button"
        aria-describedby={dish.description ? `${id}-desc ${id}-price` : `${id}-price`}
        aria-haspopup={hasVariants ? 'dialog' : undefined}
        isDisabled={isDisabled}
        onPress={() => onChoose(dish)}
      >
        {dish.name}
      </Button>
      {dish.description ? (
        <span className="dish-description" id={`${id}-desc`}>
          {dish.description}
        </span>
      ) : null}
      <span className="dish-foot">
        <span className="dish-price" id={`${id}-price`}>
          {formatEuro(dish.price)}
        </span>
        <span className="dish-add" aria-hidden="true">
          +
        </span>
      </span>
    </div>
  );
});
