import { type PriceParseError, parsePrice, t, tf } from '@comanda/shared-schema';

/**
 * Typed prices and discounts in the order view, under the steppers' rules (spec 5): never below
 * 0, the discount never reaching the subtotal, two decimals at most. Italian or dot decimals and
 * a trailing '€' are read ('12,5', '12.50', '12,50 €'). Pure: the field shows the message and
 * keeps the last good value.
 */
export type MoneyCheck = { ok: true; cents: number } | { ok: false; error: string };

const PARSE_MESSAGES: Record<Exclude<PriceParseError, 'empty'>, string> = {
  invalid: t.moneyInvalid,
  negative: t.moneyNegative,
  too_precise: t.moneyTooPrecise,
  too_large: t.moneyTooLarge,
};

/** A line's unit price as typed: required ('Il prezzo non può essere vuoto', spec 5), 0 or more. */
export function checkTypedPrice(text: string): MoneyCheck {
  const parsed = parsePrice(text);
  if (parsed.ok) return parsed;
  return { ok: false, error: parsed.error === 'empty' ? t.priceEmpty : PARSE_MESSAGES[parsed.error] };
}

/**
 * The discount as typed. An emptied field means no discount (0); otherwise 0 or more and, when
 * above 0, below the subtotal.
 */
export function checkTypedDiscount(text: string, subtotal: number): MoneyCheck {
  const parsed = parsePrice(text);
  if (!parsed.ok) {
    return parsed.error === 'empty'
      ? { ok: true, cents: 0 }
      : { ok: false, error: PARSE_MESSAGES[parsed.error] };
  }
  if (parsed.cents > 0 && parsed.cents >= subtotal) {
    return { ok: false, error: tf.discountBelowSubtotal(subtotal) };
  }
  return parsed;
}

/** The quick discount choices of the order view, in percent of the subtotal. */
export const DISCOUNT_PERCENTS = [5, 10, 15, 20] as const;

/**
 * `percent` of the subtotal, rounded to the cent (half up: 10% of 23,45 € is 2,35 €), or null
 * when it would be no discount at all (an empty order) or reach the subtotal.
 */
export function percentDiscount(subtotal: number, percent: number): number | null {
  if (!Number.isSafeInteger(subtotal) || subtotal <= 0 || !(percent > 0)) return null;
  const cents = Math.round((subtotal * percent) / 100);
  return cents > 0 && cents < subtotal ? cents : null;
}
