import { z } from 'zod';
import { Cents, defineCall, emptyBody, Id, ok } from '../contract.ts';
import { Category, MenuDish } from '../entities.ts';
import { ClientGeneratedId, Flag, KitchenArea } from '../fields.ts';
import { t } from '../texts.ts';

/**
 * Menu management (/owner/menu, issue 4), named in the spec's style. Offline-created categories,
 * dishes, variants and options carry client UUIDs; the server assigns ids when they are absent.
 */
const Name = z.string().trim().min(1, t.requiredField).max(100);

export const VariantOptionInput = z.object({
  id: ClientGeneratedId.or(Id).optional(),
  label: Name,
  price: Cents,
});
export const VariantInput = z.object({
  id: ClientGeneratedId.or(Id).optional(),
  name: Name,
  multi: Flag,
  position: z.number().int().min(0),
  options: z.array(VariantOptionInput).min(1).max(100),
});

const DishFields = {
  name: Name,
  /** Base price, cents. */
  price: Cents,
  categoryId: Id,
  description: z.string().trim().max(500).optional(),
  available: z.boolean().optional(),
  variants: z.array(VariantInput).max(50).optional(),
};

export const menuOwnerCalls = {
  /** Everything, unavailable dishes included, categories in position order. */
  ownerMenuGet: defineCall({
    method: 'POST',
    path: '/api/menu/owner/get',
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
