import { z } from 'zod';
import { defineCall, emptyBody, Id, ok } from '../contract.ts';
import { Category, MenuDish } from '../entities.ts';
import { ClientGeneratedId, Flag, KitchenArea } from '../fields.ts';
import { MAX_CENTS } from '../rules/money.ts';
import { t } from '../texts.ts';

/**
 * Menu management (/owner/menu), named in the spec's style. Offline-created categories,
 * dishes, variants and options carry client UUIDs; the server assigns ids when they are absent.
 */
const Name = z.string().trim().min(1, t.requiredField).max(100, t.menuNameTooLong);

/** A menu price in cents, with the owner menu's messages. */
const MenuPrice = z
  .number()
  .int(t.invalidPrice)
  .min(0, t.menuPriceNegative)
  .max(MAX_CENTS, t.menuPriceTooLarge);

/** Names compared as the menu screen compares them: trimmed, case-insensitive. */
function uniqueBy<T>(key: (item: T) => string, field: string, message: string) {
  return (items: readonly T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const k = key(item).trim().toLocaleLowerCase('it');
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [index, field], message });
      seen.add(k);
    });
  };
}

export const VariantOptionInput = z.object({
  id: ClientGeneratedId.or(Id).optional(),
  label: Name,
  price: MenuPrice,
});
export const VariantInput = z.object({
  id: ClientGeneratedId.or(Id).optional(),
  name: Name,
  multi: Flag,
  position: z.number().int().min(0),
  options: z
    .array(VariantOptionInput)
    .min(1, t.menuVariantNeedsOption)
    .max(100, t.menuTooManyOptions)
    .superRefine(uniqueBy<{ label: string }>((o) => o.label, 'label', t.menuDuplicateOption)),
});

const DishFields = {
  name: Name,
  /** Base price, cents. */
  price: MenuPrice,
  categoryId: Id,
  description: z.string().trim().max(500, t.menuDescriptionTooLong).optional(),
  available: z.boolean().optional(),
  /** Replaces the dish's variants: ids of kept variants and options are kept (carts name them). */
  variants: z
    .array(VariantInput)
    .max(50, t.menuTooManyVariants)
    .superRefine(uniqueBy<{ name: string }>((v) => v.name, 'name', t.menuDuplicateVariant))
    .optional(),
};

export const menuOwnerCalls = {
  /** Everything, unavailable dishes included, categories in position order. */
  ownerMenuGet: defineCall({
    method: 'POST',
    path: '/api/menu/owner/get',
    large: true,
    access: 'owner',
    body: emptyBody,
    response: ok({ categories: z.array(Category), dishes: z.array(MenuDish) }),
  }),
  ownerCategoryAdd: defineCall({
    method: 'POST',
    path: '/api/menu/owner/category/add',
    access: 'owner',
    mutation: true,
    body: z.object({
      id: ClientGeneratedId.optional(),
      name: Name,
      area: KitchenArea,
      position: z.number().int().min(0).optional(),
    }),
    response: ok({ id: Id }),
  }),
  ownerCategoryEdit: defineCall({
    method: 'POST',
    path: '/api/menu/owner/category/edit',
    access: 'owner',
    mutation: true,
    body: z.object({
      id: Id,
      name: Name.optional(),
      area: KitchenArea.optional(),
      position: z.number().int().min(0).optional(),
    }),
    response: ok({}),
  }),
  /**
   * Added: the categories' display order in one mutation. `ids` in the new order get positions
   * 0, 1, 2...; the venue's categories not named keep their order after them.
   */
  ownerCategoryReorder: defineCall({
    method: 'POST',
    path: '/api/menu/owner/category/reorder',
    access: 'owner',
    mutation: true,
    body: z.object({ ids: z.array(Id).min(1).max(500) }),
    response: ok({}),
  }),
  /** Refused with CATEGORY_NOT_EMPTY while dishes belong to it. */
  ownerCategoryDelete: defineCall({
    method: 'POST',
    path: '/api/menu/owner/category/delete',
    access: 'owner',
    mutation: true,
    body: z.object({ id: Id }),
    response: ok({}),
  }),
  ownerDishAdd: defineCall({
    method: 'POST',
    path: '/api/menu/owner/dish/add',
    access: 'owner',
    mutation: true,
    body: z.object({ id: ClientGeneratedId.optional(), ...DishFields }),
    response: ok({ id: Id }),
  }),
  /** Only the fields given change; `variants`, when given, replaces the dish's variants. */
  ownerDishEdit: defineCall({
    method: 'POST',
    path: '/api/menu/owner/dish/edit',
    access: 'owner',
    mutation: true,
    body: z
      .object({ id: Id, ...DishFields })
      .partial()
      .required({ id: true }),
    response: ok({}),
  }),
  ownerDishDelete: defineCall({
    method: 'POST',
    path: '/api/menu/owner/dish/delete',
    access: 'owner',
    mutation: true,
    body: z.object({ id: Id }),
    response: ok({}),
  }),
} as const;
