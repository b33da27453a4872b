import type { CartLine, MenuDish, Variant } from '@comanda/shared-schema';

/**
 * A cart line for a dish. Apart from the picker's rules (`variant-pick.ts`), which pull in the
 * shared validation module and with it zod: a tap on a plain dish must not need either, so the
 * menu's first load stays light (the picker's code loads on first use).
 */
export function lineOf(
  dish: MenuDish,
  variants: Variant[],
  amount: number,
  note: string | undefined,
): CartLine {
  const line: CartLine = {
    id: dish.id,
    name: dish.name,
    price: dish.price,
    categoryId: dish.categoryId,
    categoryName: dish.categoryName,
    variants,
    amount,
  };
  if (note) line.note = note;
  return line;
}

/** A dish without variants, added straight from its card. */
export function plainLine(dish: MenuDish): CartLine {
  return lineOf(dish, [], 1, undefined);
}
