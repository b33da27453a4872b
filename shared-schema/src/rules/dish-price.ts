import type { VariantOption } from '../entities.ts';

/**
 * Dish price = base price + the price of each selected option (spec 3). A variant's `selected`
 * is an array for a multi-choice variant and one option (or null) for a single-choice one.
 */
export interface PricedVariant {
  selected?: readonly VariantOption[] | VariantOption | null | undefined;
}
export interface PricedDish {
  /** Base price in cents. */
  price: number;
  variants?: readonly PricedVariant[] | null | undefined;
}

/** The options chosen in one variant, whatever its shape. */
export function selectedOptions(variant: PricedVariant): readonly VariantOption[] {
  const { selected } = variant;
  if (selected == null) return [];
  return Array.isArray(selected) ? selected : [selected as VariantOption];
}

/** Unit price in cents: base plus every selected option of every variant. */
export function dishUnitPrice(dish: PricedDish): number {
  let total = dish.price;
  for (const variant of dish.variants ?? []) {
    for (const option of selectedOptions(variant)) total += option.price;
  }
  return total;
}

/** Line total in cents: amount times the unit price (spec 2.9 "amount times price"). */
export function lineTotal(line: PricedDish & { amount: number }): number {
  return dishUnitPrice(line) * line.amount;
}
