import {
  type CartLine,
  dishUnitPrice,
  isNoThanks,
  type MenuDish,
  missingMandatoryVariants,
  removedOptionsNote,
  sortOptions,
  sortVariants,
  type Variant,
  type VariantOption,
} from '@comanda/shared-schema';
import { lineOf } from './dish-line.ts';

/**
 * The variant picker's rules (spec 2.8, 5), kept apart from the dialog so they are tested alone.
 *
 * Three kinds of group:
 * - single (multi 0): a radio group; a choice is mandatory.
 * - multi (multi 1): checkboxes; every ticked option is added to the dish with its price.
 * - ingredients: a multi-choice variant that lists 'no, grazie!' among its options. The group
 *   opens with a radio choice: 'no, grazie!' first and chosen (the dish as the menu describes
 *   it, nothing sent), or 'Personalizza', which shows the ingredients. Its options priced 0 are
 *   the dish's own ingredients, shown ticked; unticking one MARKS IT REMOVED: the line's note
 *   gets 'NO {option}' (shared `removedOptionsNote`) and the option is not sent as selected.
 *   Priced options of such a group behave as plain extras (unticked, added with their price).
 *   Choosing 'no, grazie!' again puts every ingredient back and clears the extras. So
 *   'no, grazie!' is never a box among the ingredients that could be unticked to no effect.
 *
 * So an owner who wants removable ingredients writes a multi-choice variant 'Ingredienti' with
 * 'no, grazie!' and the ingredients at 0 €; the demo menu's 'Ingredienti' variants are that.
 */

export type GroupKind = 'single' | 'multi' | 'ingredients';

export interface PickerGroup {
  variant: Variant;
  kind: GroupKind;
  /** Display order: 'no, grazie!' first, then alphabetical. */
  options: VariantOption[];
}

export interface PickState {
  /** Single-choice groups: the chosen option id. */
  single: Record<string, string | undefined>;
  /** Multi and ingredients groups: the extras ticked. */
  extras: Record<string, string[]>;
  /** Ingredients groups: the ingredients unticked (marked removed). */
  removed: Record<string, string[]>;
  /** Ingredients groups where 'Personalizza' is chosen (the ingredients shown). */
  customizing: Record<string, boolean>;
}

export function groupKind(variant: Variant): GroupKind {
  if (variant.multi === 0) return 'single';
  return variant.options.some((o) => isNoThanks(o.label)) ? 'ingredients' : 'multi';
}

/** An ingredient that can be marked removed: a 0-priced option of an ingredients group. */
export function isRemovable(group: PickerGroup, option: VariantOption): boolean {
  return group.kind === 'ingredients' && option.price === 0 && !isNoThanks(option.label);
}

/** Variants by position, options 'no, grazie!' first then alphabetical; empty variants left out. */
export function pickerGroups(dish: Pick<MenuDish, 'variants'>): PickerGroup[] {
  return sortVariants(dish.variants)
    .filter((variant) => variant.options.length > 0)
    .map((variant) => ({ variant, kind: groupKind(variant), options: sortOptions(variant.options) }));
}

export function emptyPick(): PickState {
  return { single: {}, extras: {}, removed: {}, customizing: {} };
}

export function chooseSingle(pick: PickState, variantId: string, optionId: string): PickState {
  return { ...pick, single: { ...pick.single, [variantId]: optionId } };
}

function toggle(list: readonly string[] | undefined, id: string, on: boolean): string[] {
  const rest = (list ?? []).filter((x) => x !== id);
  return on ? [...rest, id] : rest;
}

export function setExtra(pick: PickState, variantId: string, optionId: string, on: boolean): PickState {
  return { ...pick, extras: { ...pick.extras, [variantId]: toggle(pick.extras[variantId], optionId, on) } };
}

/** Tick (keep) or untick (remove) an ingredient. */
export function setIngredient(
  pick: PickState,
  variantId: string,
  optionId: string,
  kept: boolean,
): PickState {
  return {
    ...pick,
    removed: { ...pick.removed, [variantId]: toggle(pick.removed[variantId], optionId, !kept) },
  };
}

/** An ingredients group with nothing removed and nothing added. */
export function isUnchanged(pick: PickState, variantId: string): boolean {
  return (pick.removed[variantId]?.length ?? 0) === 0 && (pick.extras[variantId]?.length ?? 0) === 0;
}

/** Is 'Personalizza' the choice of this ingredients group (else 'no, grazie!')? */
export function isCustomizing(pick: PickState, variantId: string): boolean {
  return pick.customizing[variantId] === true || !isUnchanged(pick, variantId);
}

/** Choosing 'no, grazie!' of an ingredients group: back to the dish as it comes. */
export function resetGroup(pick: PickState, variantId: string): PickState {
  return {
    ...pick,
    extras: { ...pick.extras, [variantId]: [] },
    removed: { ...pick.removed, [variantId]: [] },
    customizing: { ...pick.customizing, [variantId]: false },
  };
}

/** The radio choice of an ingredients group: 'Personalizza' (true) or 'no, grazie!' (false). */
export function setCustomizing(pick: PickState, variantId: string, on: boolean): PickState {
  return on
    ? { ...pick, customizing: { ...pick.customizing, [variantId]: true } }
    : resetGroup(pick, variantId);
}

/** The 'no, grazie!' option of an ingredients group (its label as the owner wrote it). */
export function noThanksOption(group: PickerGroup): VariantOption | undefined {
  return group.options.find((o) => isNoThanks(o.label));
}

/** What an ingredients group lists once 'Personalizza' is chosen: every option but 'no, grazie!'. */
export function customOptions(group: PickerGroup): VariantOption[] {
  return group.options.filter((o) => !isNoThanks(o.label));
}

/** The dish's variants with `selected` filled from the pick (as the cart and the server read them). */
export function selectedVariants(groups: readonly PickerGroup[], pick: PickState): Variant[] {
  return groups.map(({ variant, kind, options }) => {
    if (kind === 'single') {
      const chosen = options.find((o) => o.id === pick.single[variant.id]);
      return { ...variant, selected: chosen ?? null };
    }
    const ticked = new Set(pick.extras[variant.id] ?? []);
    return { ...variant, selected: options.filter((o) => ticked.has(o.id)) };
  });
}

/** Ids of mandatory single-choice groups still without a choice (spec 5). */
export function missingGroups(groups: readonly PickerGroup[], pick: PickState): string[] {
  return missingMandatoryVariants(selectedVariants(groups, pick));
}

/** 'NO Cipolla, NO Pomodoro': removed ingredients in display order (spec 5). */
export function removedNote(groups: readonly PickerGroup[], pick: PickState): string {
  const labels: string[] = [];
  for (const group of groups) {
    const removed = new Set(pick.removed[group.variant.id] ?? []);
    for (const option of group.options)
      if (removed.has(option.id) && isRemovable(group, option)) labels.push(option.label);
  }
  return removedOptionsNote(labels);
}

/** Unit price with the options chosen so far, for the picker's footer. */
export function pickPrice(dish: MenuDish, groups: readonly PickerGroup[], pick: PickState): number {
  return dishUnitPrice({ price: dish.price, variants: selectedVariants(groups, pick) });
}

/**
 * The cart line the picker adds: the dish without its description, only the variants that have
 * a choice, each carrying just the chosen options (the server looks every id up in its own menu).
 */
export function buildLine(
  dish: MenuDish,
  groups: readonly PickerGroup[],
  pick: PickState,
  amount = 1,
): CartLine {
  const variants = selectedVariants(groups, pick)
    .filter((v) => (Array.isArray(v.selected) ? v.selected.length > 0 : v.selected != null))
    .map((v) => {
      const chosen = Array.isArray(v.selected) ? v.selected : v.selected ? [v.selected] : [];
      return { ...v, options: chosen };
    });
  const note = removedNote(groups, pick);
  return lineOf(dish, variants, amount, note || undefined);
}
