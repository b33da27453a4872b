import { KITCHEN_AREAS, NOTE_MAX } from '../constants.ts';
import { HHMM_PATTERN, OutOfMenuDescription, RoomName } from '../fields.ts';
import { t } from '../texts.ts';
import { parsePrice } from './money.ts';

/**
 * Field checks of spec 5, shared by forms (message under the field) and the server (the same
 * text in the 400). Each returns a result, never throws, so a form can show every message.
 */
export type Check<T> = { ok: true; value: T } | { ok: false; error: string };

/** Room name for add and rename: trimmed, non-empty, under 100 characters. */
export function checkRoomName(name: string): Check<string> {
  const parsed = RoomName.safeParse(name);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: t.invalidRoomName };
}

/**
 * Dish note: at most 150 characters, else 'Note cannot exceed 150 characters.' and the input is
 * refused (the caller keeps the previous value). Counted in UTF-16 units, like `maxLength`.
 */
export function checkNote(note: string): Check<string> {
  return note.length > NOTE_MAX ? { ok: false, error: t.noteTooLong } : { ok: true, value: note };
}

/** The phone field keeps only digits (spec 5). */
export function digitsOnly(phone: string): string {
  return phone.replace(/\D+/g, '');
}

/** 'HH:MM' between 00:00 and 23:59. */
export function isHhmm(time: string): boolean {
  return HHMM_PATTERN.test(time);
}

export interface OutOfMenuInput {
  name: string;
  /** As typed ('12,50') or already in cents; null/'' when empty. */
  price: string | number | null;
  selected_option: string | null;
}
export interface OutOfMenuValue {
  name: string;
  price: number;
  selected_option: (typeof KITCHEN_AREAS)[number];
}
export type OutOfMenuErrors = Partial<Record<'name' | 'price' | 'selected_option', string>>;

/** The out-of-menu dialog (spec 5): every field's message at once, or the clean line values. */
export function checkOutOfMenu(
  input: OutOfMenuInput,
): { ok: true; value: OutOfMenuValue } | { ok: false; errors: OutOfMenuErrors } {
  const errors: OutOfMenuErrors = {};
  const name = OutOfMenuDescription.safeParse(input.name);
  if (!name.success) errors.name = name.error.issues[0]?.message ?? t.describeRequest;

  let price = 0;
  if (input.price === null || (typeof input.price === 'string' && input.price.trim() === '')) {
    errors.price = t.priceEmpty;
  } else if (typeof input.price === 'number') {
    if (Number.isSafeInteger(input.price) && input.price >= 0) price = input.price;
    else errors.price = t.invalidPrice;
  } else {
    const parsed = parsePrice(input.price);
    if (parsed.ok) price = parsed.cents;
    else errors.price = parsed.error === 'empty' ? t.priceEmpty : t.invalidPrice;
  }

  const area = KITCHEN_AREAS.find((a) => a === input.selected_option);
  if (!area) errors.selected_option = t.chooseKind;

  if (!name.success || errors.price || !area) return { ok: false, errors };
  return { ok: true, value: { name: name.data, price, selected_option: area } };
}

/**
 * Variant picker (spec 5): the ids of mandatory single-choice variants (multi 0) with nothing
 * selected. Non-empty means show 'Selezionare almeno una categoria' and scroll to the top.
 */
export function missingMandatoryVariants(
  variants: ReadonlyArray<{ id: string; multi: number; options?: readonly unknown[]; selected?: unknown }>,
): string[] {
  return variants
    .filter((v) => v.multi === 0 && (v.options?.length ?? 1) > 0)
    .filter((v) => v.selected == null || (Array.isArray(v.selected) && v.selected.length === 0))
    .map((v) => v.id);
}
