import {
  type Body,
  type Calls,
  type MenuDish,
  PRICE_STEP_CENTS,
  type PriceParseError,
  parsePrice,
  sortVariants,
  t,
} from '@comanda/shared-schema';
import { MENU_NAME_MAX, moveItem } from './menu-logic.ts';

/**
 * The dish editor's state and rules, without React: what the owner typed (prices as text, so
 * '12,' survives while typing), checked field by field, turned into the call body only when
 * every field is valid.
 */

export interface OptionDraft {
  id: string;
  label: string;
  price: string;
}
export interface VariantDraft {
  id: string;
  name: string;
  multi: boolean;
  options: OptionDraft[];
}
export interface DishDraft {
  name: string;
  price: string;
  categoryId: string | null;
  description: string;
  available: boolean;
  variants: VariantDraft[];
}

/** Limits of the wire schemas (menu-owner.ts, entities.ts). */
export const DISH_LIMITS = { name: MENU_NAME_MAX, description: 500, variants: 50, options: 100 } as const;

/** '12,50' for an input: decimal comma, no thousands dot (parsePrice would refuse '1.234,50'). */
export function centsToInput(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

export function emptyDraft(categoryId: string | null): DishDraft {
  return { name: '', price: '', categoryId, description: '', available: true, variants: [] };
}

/** The editor's starting point for an existing dish: variants by position. */
export function draftFromDish(dish: MenuDish): DishDraft {
  return {
    name: dish.name,
    price: centsToInput(dish.price),
    categoryId: dish.categoryId,
    description: dish.description ?? '',
    available: dish.available !== false,
    variants: sortVariants(dish.variants).map((v) => ({
      id: v.id,
      name: v.name,
      multi: v.multi === 1,
      options: v.options.map((o) => ({ id: o.id, label: o.label, price: centsToInput(o.price) })),
    })),
  };
}

// ------------------------------------------------------------ editing operations

export function addVariant(draft: DishDraft, variantId: string, optionId: string): DishDraft {
  const variant: VariantDraft = { id: variantId, name: '', multi: false, options: [] };
  return { ...draft, variants: [...draft.variants, addOptionTo(variant, optionId)] };
}

export function updateVariant(
  draft: DishDraft,
  id: string,
  patch: Partial<Omit<VariantDraft, 'id'>>,
): DishDraft {
  return { ...draft, variants: draft.variants.map((v) => (v.id === id ? { ...v, ...patch } : v)) };
}

export function removeVariant(draft: DishDraft, id: string): DishDraft {
  return { ...draft, variants: draft.variants.filter((v) => v.id !== id) };
}

/** Variants are shown to customers by position: the order here is the position sent. */
export function moveVariant(draft: DishDraft, id: string, delta: -1 | 1): DishDraft {
  const index = draft.variants.findIndex((v) => v.id === id);
  return { ...draft, variants: moveItem(draft.variants, index, delta) };
}

function addOptionTo(variant: VariantDraft, optionId: string): VariantDraft {
  return { ...variant, options: [...variant.options, { id: optionId, label: '', price: '0,00' }] };
}

export function addOption(draft: DishDraft, variantId: string, optionId: string): DishDraft {
  return {
    ...draft,
    variants: draft.variants.map((v) => (v.id === variantId ? addOptionTo(v, optionId) : v)),
  };
}

export function updateOption(
  draft: DishDraft,
  variantId: string,
  optionId: string,
  patch: Partial<Omit<OptionDraft, 'id'>>,
): DishDraft {
  return {
    ...draft,
    variants: draft.variants.map((v) =>
      v.id === variantId
        ? { ...v, options: v.options.map((o) => (o.id === optionId ? { ...o, ...patch } : o)) }
        : v,
    ),
  };
}

export function removeOption(draft: DishDraft, variantId: string, optionId: string): DishDraft {
  return {
    ...draft,
    variants: draft.variants.map((v) =>
      v.id === variantId ? { ...v, options: v.options.filter((o) => o.id !== optionId) } : v,
    ),
  };
}

/** A price being typed, read leniently ('8,' is 8 €): for the stepper, not for saving. Null if unreadable. */
export function readTypedPrice(input: string): number | null {
  const parsed = parsePrice(input.trim().replace(/[.,]$/, ''));
  return parsed.ok ? parsed.cents : null;
}

/** The price stepper (spec 5, 9: step 0,50 €, never below 0). An unreadable price starts at 0. */
export function stepPrice(input: string, direction: -1 | 1): string {
  const cents = readTypedPrice(input) ?? 0;
  return centsToInput(Math.max(0, cents + direction * PRICE_STEP_CENTS));
}

// ------------------------------------------------------------ validation

/**
 * Field messages keyed by field: 'name', 'price', 'categoryId', 'description', 'variants',
 * `variant.<id>.name`, `variant.<id>.options`, `option.<id>.label`, `option.<id>.price`.
 */
export type DishErrors = Record<string, string>;

export const fieldKey = {
  variantName: (id: string) => `variant.${id}.name`,
  variantOptions: (id: string) => `variant.${id}.options`,
  optionLabel: (id: string) => `option.${id}.label`,
  optionPrice: (id: string) => `option.${id}.price`,
};

const PRICE_ERRORS: Record<PriceParseError, string> = {
  empty: t.priceEmpty,
  invalid: t.invalidPrice,
  negative: t.menuPriceNegative,
  too_precise: t.menuPriceTooPrecise,
  too_large: t.menuPriceTooLarge,
};

/** A price as typed, to cents or the message to show under the field. */
export function checkPrice(input: string, emptyMeansZero = false): { cents: number } | { error: string } {
  if (emptyMeansZero && input.trim() === '') return { cents: 0 };
  const parsed = parsePrice(input);
  return parsed.ok ? { cents: parsed.cents } : { error: PRICE_ERRORS[parsed.error] };
}

function checkName(name: string): { value: string } | { error: string } {
  const value = name.trim();
  if (!value) return { error: t.requiredField };
  if (value.length > DISH_LIMITS.name) return { error: t.menuNameTooLong };
  return { value };
}

type DishFields = Required<Omit<Body<Calls['ownerDishAdd']>, 'id'>>;

/** The dish's fields as the calls take them, once every field is valid. */
export type DishValue = DishFields;

/**
 * Every field's message at once (the form shows each beside its field), or the clean value.
 * `categoryIds` are the categories that exist: a category deleted meanwhile is not a choice.
 */
export function validateDish(
  draft: DishDraft,
  categoryIds: ReadonlySet<string>,
): { ok: true; value: DishValue } | { ok: false; errors: DishErrors } {
  const errors: DishErrors = {};
  const name = checkName(draft.name);
  if ('error' in name) errors.name = name.error;
  const price = checkPrice(draft.price);
  if ('error' in price) errors.price = price.error;
  if (!draft.categoryId || !categoryIds.has(draft.categoryId)) errors.categoryId = t.menuChooseCategory;
  const description = draft.description.trim();
  if (description.length > DISH_LIMITS.description) errors.description = t.menuDescriptionTooLong;
  if (draft.variants.length > DISH_LIMITS.variants) errors.variants = t.menuTooManyVariants;

  const variantNames = new Set<string>();
  const variants: DishValue['variants'] = draft.variants.map((v, position) => {
    const vName = checkName(v.name);
    if ('error' in vName) errors[fieldKey.variantName(v.id)] = vName.error;
    else {
      const key = vName.value.toLocaleLowerCase('it');
      if (variantNames.has(key)) errors[fieldKey.variantName(v.id)] = t.menuDuplicateVariant;
      variantNames.add(key);
    }
    if (v.options.length === 0) errors[fieldKey.variantOptions(v.id)] = t.menuVariantNeedsOption;
    if (v.options.length > DISH_LIMITS.options) errors[fieldKey.variantOptions(v.id)] = t.menuTooManyOptions;
    const labels = new Set<string>();
    const options = v.options.map((o) => {
      const label = checkName(o.label);
      if ('error' in label) errors[fieldKey.optionLabel(o.id)] = label.error;
      else {
        const key = label.value.toLocaleLowerCase('it');
        if (labels.has(key)) errors[fieldKey.optionLabel(o.id)] = t.menuDuplicateOption;
        labels.add(key);
      }
      // An option with no extra charge may be left empty: it costs 0,00 €.
      const optionPrice = checkPrice(o.price, true);
      if ('error' in optionPrice) errors[fieldKey.optionPrice(o.id)] = optionPrice.error;
      return {
        id: o.id,
        label: 'value' in label ? label.value : '',
        price: 'cents' in optionPrice ? optionPrice.cents : 0,
      };
    });
    return { id: v.id, name: 'value' in vName ? vName.value : '', multi: v.multi ? 1 : 0, position, options };
  });

  if (Object.keys(errors).length > 0 || 'error' in name || 'error' in price || !draft.categoryId) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    value: {
      name: name.value,
      price: price.cents,
      categoryId: draft.categoryId,
      description,
      available: draft.available,
      variants,
    },
  };
}

// ------------------------------------------------------------ call bodies

export function dishAddBody(id: string, value: DishValue): Body<Calls['ownerDishAdd']> {
  const { description, ...rest } = value;
  return { id, ...rest, ...(description ? { description } : {}) };
}

function sameVariants(dish: MenuDish, value: DishValue): boolean {
  const current = sortVariants(dish.variants).map((v, position) => ({
    id: v.id,
    name: v.name,
    multi: v.multi,
    position,
    options: v.options.map((o) => ({ id: o.id, label: o.label, price: o.price })),
  }));
  return JSON.stringify(current) === JSON.stringify(value.variants);
}

/**
 * Only what the owner changed, so an edit made here does not undo another tablet's change to a
 * field left alone (say, availability switched off at the bar meanwhile). Null: nothing changed.
 */
export function dishEditBody(dish: MenuDish, value: DishValue): Body<Calls['ownerDishEdit']> | null {
  const body: Body<Calls['ownerDishEdit']> = { id: dish.id };
  if (value.name !== dish.name) body.name = value.name;
  if (value.price !== dish.price) body.price = value.price;
  if (value.categoryId !== dish.categoryId) body.categoryId = value.categoryId;
  if (value.description !== (dish.description ?? '')) body.description = value.description;
  if (value.available !== (dish.available !== false)) body.available = value.available;
  if (!sameVariants(dish, value)) body.variants = value.variants;
  return Object.keys(body).length > 1 ? body : null;
}
