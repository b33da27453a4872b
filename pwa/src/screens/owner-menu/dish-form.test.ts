import { calls, type MenuDish, t } from '@comanda/shared-schema';
import { describe, expect, it } from 'vitest';
import {
  addOption,
  addVariant,
  centsToInput,
  checkPrice,
  type DishDraft,
  dishAddBody,
  dishEditBody,
  draftFromDish,
  emptyDraft,
  fieldKey,
  moveVariant,
  removeOption,
  removeVariant,
  stepPrice,
  updateOption,
  updateVariant,
  validateDish,
} from './dish-form.ts';

const CAT = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const cats = new Set([CAT, OTHER]);
const DISH = '33333333-3333-4333-8333-333333333333';

function valid(draft: DishDraft) {
  const result = validateDish(draft, cats);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}
function errorsOf(draft: DishDraft) {
  const result = validateDish(draft, cats);
  return result.ok ? {} : result.errors;
}

const base: DishDraft = { ...emptyDraft(CAT), name: 'Margherita', price: '6,50' };

describe('prices', () => {
  it('reads Italian prices with the shared parsePrice', () => {
    expect(checkPrice('12,50')).toEqual({ cents: 1250 });
    expect(checkPrice('12.5 €')).toEqual({ cents: 1250 });
    expect(checkPrice('')).toEqual({ error: t.priceEmpty });
    expect(checkPrice('', true)).toEqual({ cents: 0 });
    expect(checkPrice('abc')).toEqual({ error: t.invalidPrice });
    expect(checkPrice('-2')).toEqual({ error: t.menuPriceNegative });
    expect(checkPrice('1,555')).toEqual({ error: t.menuPriceTooPrecise });
    expect(checkPrice('99999999')).toEqual({ error: t.menuPriceTooLarge });
  });

  it('writes prices for the input without a thousands dot, so they read back', () => {
    expect(centsToInput(1250)).toBe('12,50');
    expect(centsToInput(5)).toBe('0,05');
    expect(centsToInput(123456)).toBe('1234,56');
    expect(checkPrice(centsToInput(123456))).toEqual({ cents: 123456 });
  });

  it('steps by 0,50 and never below zero', () => {
    expect(stepPrice('12,30', 1)).toBe('12,80');
    expect(stepPrice('0,20', -1)).toBe('0,00');
    expect(stepPrice('', 1)).toBe('0,50');
    expect(stepPrice('8,', 1)).toBe('8,50');
    expect(stepPrice('boh', -1)).toBe('0,00');
  });
});

describe('validateDish', () => {
  it('gives the clean value for a valid dish', () => {
    expect(valid({ ...base, name: '  Margherita ', description: ' Pomodoro ' })).toEqual({
      name: 'Margherita',
      price: 650,
      categoryId: CAT,
      description: 'Pomodoro',
      available: true,
      variants: [],
    });
  });

  it('reports every field at once: name, price, category, description', () => {
    expect(errorsOf({ ...emptyDraft(null), description: 'x'.repeat(501) })).toEqual({
      name: t.requiredField,
      price: t.priceEmpty,
      categoryId: t.menuChooseCategory,
      description: t.menuDescriptionTooLong,
    });
    expect(errorsOf({ ...base, name: 'x'.repeat(101) })).toEqual({ name: t.menuNameTooLong });
    // A category deleted meanwhile is no longer a choice.
    expect(errorsOf({ ...base, categoryId: 'gone' })).toEqual({ categoryId: t.menuChooseCategory });
  });

  it('checks variants: name, duplicate name, at least one option', () => {
    let draft = addVariant(base, 'v1', 'o1');
    draft = addVariant(draft, 'v2', 'o2');
    draft = updateVariant(draft, 'v2', { name: 'Impasto' });
    draft = updateOption(draft, 'v2', 'o2', { label: 'Integrale' });
    draft = addVariant(draft, 'v3', 'o3');
    draft = updateVariant(draft, 'v3', { name: ' impasto ' });
    draft = updateOption(draft, 'v3', 'o3', { label: 'Kamut' });
    draft = removeOption(draft, 'v1', 'o1');
    expect(errorsOf(draft)).toEqual({
      [fieldKey.variantName('v1')]: t.requiredField,
      [fieldKey.variantOptions('v1')]: t.menuVariantNeedsOption,
      [fieldKey.variantName('v3')]: t.menuDuplicateVariant,
    });
  });

  it('checks options: label, duplicate label, price; an empty option price is free', () => {
    let draft = addVariant(base, 'v1', 'o1');
    draft = updateVariant(draft, 'v1', { name: 'Aggiunte' });
    draft = updateOption(draft, 'v1', 'o1', { label: 'Bufala', price: 'due' });
    draft = addOption(draft, 'v1', 'o2');
    draft = updateOption(draft, 'v1', 'o2', { label: 'bufala' });
    draft = addOption(draft, 'v1', 'o3');
    expect(errorsOf(draft)).toEqual({
      [fieldKey.optionPrice('o1')]: t.invalidPrice,
      [fieldKey.optionLabel('o2')]: t.menuDuplicateOption,
      [fieldKey.optionLabel('o3')]: t.requiredField,
    });
    draft = updateOption(draft, 'v1', 'o1', { price: '1,5' });
    draft = updateOption(draft, 'v1', 'o2', { label: 'Crudo', price: '' });
    draft = removeOption(draft, 'v1', 'o3');
    draft = updateVariant(draft, 'v1', { multi: true });
    expect(valid(draft).variants).toEqual([
      {
        id: 'v1',
        name: 'Aggiunte',
        multi: 1,
        position: 0,
        options: [
          { id: 'o1', label: 'Bufala', price: 150 },
          { id: 'o2', label: 'Crudo', price: 0 },
        ],
      },
    ]);
  });

  it('sends variant positions in the order shown; moving and removing reorder', () => {
    let draft = base;
    for (const name of ['A', 'B', 'C']) {
      draft = addVariant(draft, name, `o${name}`);
      draft = updateVariant(draft, name, { name });
      draft = updateOption(draft, name, `o${name}`, { label: 'x' });
    }
    draft = moveVariant(draft, 'C', -1);
    draft = moveVariant(draft, 'A', -1); // already first: stays
    expect(valid(draft).variants.map((v) => [v.name, v.position])).toEqual([
      ['A', 0],
      ['C', 1],
      ['B', 2],
    ]);
    draft = removeVariant(draft, 'C');
    expect(valid(draft).variants.map((v) => [v.name, v.position])).toEqual([
      ['A', 0],
      ['B', 1],
    ]);
  });

  it('makes bodies the call schemas accept', () => {
    let draft = addVariant(
      { ...base, description: '' },
      '44444444-4444-4444-8444-444444444444',
      '55555555-5555-4555-8555-555555555555',
    );
    draft = updateVariant(draft, '44444444-4444-4444-8444-444444444444', { name: 'Cottura' });
    draft = updateOption(
      draft,
      '44444444-4444-4444-8444-444444444444',
      '55555555-5555-4555-8555-555555555555',
      {
        label: 'Ben cotta',
      },
    );
    const body = dishAddBody(DISH, valid(draft));
    expect(body).not.toHaveProperty('description');
    expect(calls.ownerDishAdd.body.safeParse(body).success).toBe(true);
  });
});

describe('editing an existing dish', () => {
  const dish: MenuDish = {
    id: DISH,
    name: 'Diavola',
    price: 800,
    categoryId: CAT,
    categoryName: 'Pizze',
    available: true,
    variants: [
      {
        id: 'v2',
        name: 'Extra',
        multi: 1,
        position: 1,
        options: [{ id: 'o2', label: 'Bufala', price: 200 }],
      },
      {
        id: 'v1',
        name: 'Impasto',
        multi: 0,
        position: 0,
        options: [{ id: 'o1', label: 'Integrale', price: 100 }],
      },
    ],
  };

  it('opens with the dish as typed text, variants by position', () => {
    const draft = draftFromDish(dish);
    expect(draft).toMatchObject({ name: 'Diavola', price: '8,00', description: '', available: true });
    expect(draft.variants.map((v) => [v.id, v.multi])).toEqual([
      ['v1', false],
      ['v2', true],
    ]);
  });

  it('sends nothing when nothing changed, and only the changed fields otherwise', () => {
    const draft = draftFromDish(dish);
    expect(dishEditBody(dish, valid(draft))).toBeNull();
    expect(dishEditBody(dish, valid({ ...draft, price: '8,50', categoryId: OTHER }))).toEqual({
      id: DISH,
      price: 850,
      categoryId: OTHER,
    });
    const withoutExtra = removeVariant(draft, 'v2');
    const body = dishEditBody(dish, valid(withoutExtra));
    expect(body).toEqual({ id: DISH, variants: [valid(withoutExtra).variants[0]] });
    expect(calls.ownerDishEdit.body.safeParse(body).success).toBe(true);
  });
});
