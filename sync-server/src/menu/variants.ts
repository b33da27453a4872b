import { AppError, ClientGeneratedId, t, type VariantInput } from '@comanda/shared-schema';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { variantOptions, variants } from '../db/schema.ts';
import { randomId } from '../lib/ids.ts';

type VariantsInput = ReadonlyArray<z.output<typeof VariantInput>>;

/**
 * The id a variant or option is stored under. Kept when it already belongs to this dish (carts in
 * customers' phones name option ids, so an edit must not renumber them); a client UUID not used
 * elsewhere is taken as is (created offline); one used elsewhere is a conflict; anything else
 * (an id the server never gave) gets a fresh random id.
 */
function idFor(
  given: string | undefined,
  own: ReadonlySet<string>,
  takenElsewhere: (id: string) => boolean,
  used: Set<string>,
): string {
  if (given !== undefined) {
    if (used.has(given)) throw new AppError('CONFLICT', t.idTaken);
    if (own.has(given) || (ClientGeneratedId.safeParse(given).success && !takenElsewhere(given))) {
      used.add(given);
      return given;
    }
    if (takenElsewhere(given)) throw new AppError('CONFLICT', t.idTaken);
  }
  const id = randomId();
  used.add(id);
  return id;
}

/**
 * Replaces a dish's variants and options with `input` (inside the mutation's transaction):
 * updates the ones it names, inserts the new ones, deletes the rest.
 */
export function saveVariants(db: Db, dishId: string, input: VariantsInput): void {
  const current = db.select().from(variants).where(eq(variants.dishId, dishId)).all();
  const ownVariants = new Set(current.map((v) => v.id));
  const currentOptions =
    current.length === 0
      ? []
      : db
          .select()
          .from(variantOptions)
          .where(inArray(variantOptions.variantId, [...ownVariants]))
          .all();
  const ownOptions = new Set(currentOptions.map((o) => o.id));
  const variantTaken = (id: string) =>
    !ownVariants.has(id) &&
    db.select({ id: variants.id }).from(variants).where(eq(variants.id, id)).get() !== undefined;
  const optionTaken = (id: string) =>
    !ownOptions.has(id) &&
    db.select({ id: variantOptions.id }).from(variantOptions).where(eq(variantOptions.id, id)).get() !==
      undefined;

  const keptVariants = new Set<string>();
  const keptOptions = new Set<string>();
  for (const v of input) {
    const variantId = idFor(v.id, ownVariants, variantTaken, keptVariants);
    const fields = { name: v.name, multi: v.multi === 1, position: v.position };
    if (ownVariants.has(variantId)) db.update(variants).set(fields).where(eq(variants.id, variantId)).run();
    else
      db.insert(variants)
        .values({ id: variantId, dishId, ...fields })
        .run();
    for (const o of v.options) {
      const optionId = idFor(o.id, ownOptions, optionTaken, keptOptions);
      const option = { variantId, label: o.label, price: o.price };
      if (ownOptions.has(optionId))
        db.update(variantOptions).set(option).where(eq(variantOptions.id, optionId)).run();
      else
        db.insert(variantOptions)
          .values({ id: optionId, ...option })
          .run();
    }
  }
  const goneOptions = currentOptions.filter((o) => !keptOptions.has(o.id)).map((o) => o.id);
  if (goneOptions.length > 0) db.delete(variantOptions).where(inArray(variantOptions.id, goneOptions)).run();
  const goneVariants = current.filter((v) => !keptVariants.has(v.id)).map((v) => v.id);
  if (goneVariants.length > 0) db.delete(variants).where(inArray(variants.id, goneVariants)).run();
}
