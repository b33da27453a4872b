import {
  type Body,
  type Calls,
  type Category,
  categoryReorder,
  type MenuDish,
  type Variant,
} from '@comanda/shared-schema';
// Type-only: `data/mutators.ts` imports this file, so a value import would be a cycle.
import type { EntityView, MutatorsFor } from '../../data/view.ts';

/** Thrown by a mutator whose effect the server will refuse: the view leaves it out whole. */
export class LocalRefusal extends Error {
  override readonly name = 'LocalRefusal';
}

/**
 * Every menu mutator reads and writes both entities: a dish names its category (categoryName),
 * a category rename renames its dishes' categoryName, a category delete is refused while dishes
 * remain. Declaring both means each composed view replays every queued menu change, in order, so
 * a dish added offline into a category added offline shows at once.
 */
const MENU_ENTITIES = ['category', 'dish'] as const;

type VariantsInput = NonNullable<Body<Calls['ownerDishAdd']>['variants']>;

/** The next category position: after the last one, as the server appends. */
export function nextCategoryPosition(categories: readonly Pick<Category, 'position'>[]): number {
  return categories.reduce((max, c) => Math.max(max, c.position + 1), 0);
}

/**
 * Variants as the dish entity keeps them. The screen always sends ids (client UUIDs for new
 * ones); ids derived from the dish id cover a body without them, so the view never has holes.
 */
export function variantsFromInput(dishId: string, input: VariantsInput): Variant[] {
  return input.map((v, vi) => {
    const variantId = v.id ?? `${dishId}:v${vi}`;
    return {
      id: variantId,
      name: v.name.trim(),
      multi: v.multi,
      position: v.position,
      options: v.options.map((o, oi) => ({
        id: o.id ?? `${variantId}:o${oi}`,
        label: o.label.trim(),
        price: o.price,
      })),
    };
  });
}

function categoryOf(view: EntityView, id: string): Category {
  const category = view.get<Category>('category', id);
  if (!category) throw new LocalRefusal('category gone');
  return category;
}

function dishesOf(view: EntityView, categoryId: string): MenuDish[] {
  return view.list<MenuDish>('dish').filter((d) => d.categoryId === categoryId);
}

/**
 * The local effect of the menu calls (shared-schema `menu-owner.ts`), replayed on top of the
 * server rows until the server's own rows replace them. Each mirrors what the server does; one
 * the server would refuse (its target gone, a category that still has dishes) throws, and the
 * view leaves it out.
 */
export const menuMutators = {
  ownerCategoryAdd: {
    entities: MENU_ENTITIES,
    apply: (view, body) => {
      // Always sent with a client id (the screen makes one); without it there is nothing to show.
      if (!body.id) return;
      const position = body.position ?? nextCategoryPosition(view.list<Category>('category'));
      view.put('category', body.id, {
        id: body.id,
        name: body.name.trim(),
        area: body.area,
        position,
      } satisfies Category);
    },
  },
  ownerCategoryEdit: {
    entities: MENU_ENTITIES,
    apply: (view, body) => {
      const category = categoryOf(view, body.id);
      const next: Category = {
        ...category,
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.area !== undefined ? { area: body.area } : {}),
        ...(body.position !== undefined ? { position: body.position } : {}),
      };
      view.put('category', body.id, next);
      if (next.name !== category.name) {
        for (const dish of dishesOf(view, body.id)) {
          view.put('dish', dish.id, { ...dish, categoryName: next.name } satisfies MenuDish);
        }
      }
    },
  },
  ownerCategoryReorder: {
    entities: MENU_ENTITIES,
    apply: (view, body) => {
      // The named categories first, the others after (the server's rule); an unknown one: NOT_FOUND.
      const moves = categoryReorder(view.list<Category>('category'), body.ids);
      if (!moves) throw new LocalRefusal('category gone');
      for (const { category, position } of moves) {
        view.put('category', category.id, { ...category, position });
      }
    },
  },
  ownerCategoryDelete: {
    entities: MENU_ENTITIES,
    apply: (view, body) => {
      // CATEGORY_NOT_EMPTY on the server: the category stays until its dishes are gone.
      if (dishesOf(view, body.id).length > 0) throw new LocalRefusal('category not empty');
      view.delete('category', body.id);
    },
  },
  ownerDishAdd: {
    entities: MENU_ENTITIES,
    apply: (view, body) => {
      if (!body.id) return;
      const category = categoryOf(view, body.categoryId);
      const description = body.description?.trim();
      view.put('dish', body.id, {
        id: body.id,
        name: body.name.trim(),
        price: body.price,
        categoryId: category.id,
        categoryName: category.name,
        variants: variantsFromInput(body.id, body.variants ?? []),
        ...(description ? { description } : {}),
        available: body.available ?? true,
      } satisfies MenuDish);
    },
  },
  ownerDishEdit: {
    entities: MENU_ENTITIES,
    apply: (view, body) => {
      const dish = view.get<MenuDish>('dish', body.id);
      if (!dish) throw new LocalRefusal('dish gone');
      const next: MenuDish = { ...dish };
      if (body.name !== undefined) next.name = body.name.trim();
      if (body.price !== undefined) next.price = body.price;
      if (body.categoryId !== undefined) {
        const category = categoryOf(view, body.categoryId);
        next.categoryId = category.id;
        next.categoryName = category.name;
      }
      if (body.description !== undefined) {
        const description = body.description.trim();
        if (description) next.description = description;
        else delete next.description;
      }
      if (body.available !== undefined) next.available = body.available;
      if (body.variants !== undefined) next.variants = variantsFromInput(body.id, body.variants);
      view.put('dish', body.id, next);
    },
  },
  ownerDishDelete: {
    entities: MENU_ENTITIES,
    apply: (view, body) => {
      view.delete('dish', body.id);
    },
  },
} satisfies MutatorsFor;

/** The calls whose refusals the menu screen explains. */
export const MENU_MUTATION_NAMES: ReadonlySet<string> = new Set(Object.keys(menuMutators));
