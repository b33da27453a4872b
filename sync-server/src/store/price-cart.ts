import {
  AppError,
  dishUnitPrice,
  type KitchenArea,
  MAX_CENTS,
  type MenuDish,
  missingMandatoryVariants,
  type OrderCartLine,
  OUT_OF_MENU_CATEGORY_ID,
  OUT_OF_MENU_CATEGORY_NAME,
  selectedOptions,
  sortOptions,
  t,
  tf,
  type Variant,
  type VariantOption,
} from '@comanda/shared-schema';
import type { Db } from '../db/client.ts';
import type { VariantOptionRecord, VariantRecord } from '../db/schema.ts';
import { dishWire } from './menu.ts';
import { orderStatements } from './order-statements.ts';

/** A line as it will be stored: every name and price from the server's menu. */
export interface PricedLine {
  dishId: string | null;
  name: string;
  /** Unit price in cents, selected options included. */
  price: number;
  amount: number;
  variant: Variant[];
  note: string | null;
  selectedOption: KitchenArea;
  categoryId: string;
  categoryName: string;
}

type DishCartLine = Extract<OrderCartLine, { id: string }>;

const dishError = (message: string) => new AppError('dish_error', message);

/**
 * The variants a customer chose for one dish, checked against that dish's own variants and
 * options (ids only: labels and prices the client sent are ignored) and returned as the line
 * keeps them: the chosen variants by position, each with `selected` (an array for a multi-choice
 * variant, one option for a single choice) and no option list.
 */
function chosenVariants(dish: MenuDish, line: DishCartLine): Variant[] {
  const sent = new Map<string, readonly VariantOption[]>();
  for (const variant of line.variants) {
    if (sent.has(variant.id)) throw dishError(tf.optionNotInDish(dish.name));
    sent.set(variant.id, selectedOptions(variant));
  }
  const known = new Set(dish.variants.map((v) => v.id));
  for (const [id, options] of sent)
    if (!known.has(id) && options.length > 0) throw dishError(tf.optionNotInDish(dish.name));

  const chosen: Variant[] = [];
  const forRule: Array<{ id: string; multi: number; options: readonly unknown[]; selected: unknown }> = [];
  for (const variant of dish.variants) {
    const ids = (sent.get(variant.id) ?? []).map((o) => o.id);
    if (new Set(ids).size !== ids.length) throw dishError(tf.optionNotInDish(dish.name));
    const options = ids.map((id) => {
      const option = variant.options.find((o) => o.id === id);
      if (!option) throw dishError(tf.optionNotInDish(dish.name));
      return option;
    });
    if (variant.multi === 0 && options.length > 1) throw dishError(tf.optionNotInDish(dish.name));
    forRule.push({ id: variant.id, multi: variant.multi, options: variant.options, selected: options });
    if (options.length === 0) continue;
    const { options: _all, ...rest } = variant;
    chosen.push({ ...rest, options: [], selected: variant.multi === 1 ? sortOptions(options) : options[0] });
  }
  const [missing] = missingMandatoryVariants(forRule);
  if (missing !== undefined) {
    const name = dish.variants.find((v) => v.id === missing)?.name ?? '';
    throw dishError(tf.mandatoryVariantMissing(dish.name, name));
  }
  return chosen;
}

/** The available dishes a cart names, as the menu shows them, with their kitchen area: one query. */
async function cartMenu(
  db: Db,
  venueId: string,
  dishIds: readonly string[],
): Promise<Map<string, { dish: MenuDish; area: KitchenArea }>> {
  const menu = new Map<string, { dish: MenuDish; area: KitchenArea }>();
  if (dishIds.length === 0) return menu;
  const rows = await orderStatements(db).cartMenu.all({ venueId, ids: JSON.stringify(dishIds) });
  const byDish = new Map<
    string,
    {
      row: (typeof rows)[number];
      variants: Map<string, VariantRecord>;
      options: Map<string, VariantOptionRecord[]>;
    }
  >();
  for (const row of rows) {
    let entry = byDish.get(row.dish.id);
    if (!entry) {
      entry = { row, variants: new Map(), options: new Map() };
      byDish.set(row.dish.id, entry);
    }
    if (row.variant && !entry.variants.has(row.variant.id)) {
      entry.variants.set(row.variant.id, row.variant);
      entry.options.set(row.variant.id, []);
    }
    if (row.variant && row.option) entry.options.get(row.variant.id)?.push(row.option);
  }
  for (const [id, { row, variants, options }] of byDish) {
    const dish = dishWire(row.dish, row.categoryName, [...variants.values()], (v) => options.get(v) ?? []);
    menu.set(id, { dish, area: row.area });
  }
  return menu;
}

/**
 * Turns a cart into the lines to store, refusing the whole cart (dish_error) on the first line
 * that names a dish that is gone or unavailable, an option that is not its dish's, or a missing
 * mandatory choice. Out-of-menu lines are the owner's only (their price is the owner's to set).
 */
export async function priceCart(
  db: Db,
  venueId: string,
  cart: readonly OrderCartLine[],
  byOwner: boolean,
): Promise<PricedLine[]> {
  const dishIds = [...new Set(cart.flatMap((line) => (line.id === null ? [] : [line.id])))];
  const menu = await cartMenu(db, venueId, dishIds);
  return cart.map((line): PricedLine => {
    const note = line.note?.trim() || null;
    if (line.id === null) {
      if (!byOwner) throw dishError(t.outOfMenuOwnerOnly);
      return {
        dishId: null,
        name: line.name,
        price: line.price,
        amount: line.amount,
        variant: [],
        note,
        selectedOption: line.selected_option,
        categoryId: OUT_OF_MENU_CATEGORY_ID,
        categoryName: OUT_OF_MENU_CATEGORY_NAME,
      };
    }
    const found = menu.get(line.id);
    if (!found) throw dishError(tf.dishUnavailable(line.name));
    const { dish, area } = found;
    const variant = chosenVariants(dish, line);
    const price = dishUnitPrice({ price: dish.price, variants: variant });
    // Base and options are each within MAX_CENTS, their sum may not be: a line's price is Cents
    // on the wire, so such a choice is refused instead of stored (and failing every reader).
    if (price > MAX_CENTS) throw dishError(t.linePriceTooHigh);
    return {
      dishId: dish.id,
      name: dish.name,
      price,
      amount: line.amount,
      variant,
      note,
      selectedOption: area,
      categoryId: dish.categoryId,
      categoryName: dish.categoryName,
    };
  });
}
