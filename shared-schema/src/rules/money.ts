/**
 * Money on screen (spec 9: 2 decimals, decimal comma, euro sign). Amounts are integer cents
 * everywhere else. Thousands are grouped with a dot, as Italian writes them ('1.234,50 €'),
 * because reports reach thousands; negative amounts put the minus sign first ('-3,00 €').
 */

/** Largest amount the app handles: 1.000.000,00 € (the wire's `Cents` bound). */
export const MAX_CENTS = 100_000_000;

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an integer amount of cents: ${cents}`);
}

/** '1.234,50' (no euro sign): the number part of every money text. */
export function formatAmount(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100).toString();
  const rest = (abs % 100).toString().padStart(2, '0');
  const grouped = euros.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${grouped},${rest}`;
}

/** '12,50 €': amount, a plain space, the euro sign. */
export function formatEuro(cents: number): string {
  return `${formatAmount(cents)} €`;
}

export type PriceParseError = 'empty' | 'invalid' | 'negative' | 'too_precise' | 'too_large';
export type PriceParseResult = { ok: true; cents: number } | { ok: false; error: PriceParseError };

const PRICE_PATTERN = /^(\d+)(?:[.,](\d+))?$/;

/**
 * A price a person typed, to cents: '12', '12,5', '12.50', '12,50 €' are accepted (one decimal
 * separator, comma or dot, at most two decimals, an optional trailing euro sign). No thousands
 * separators: '1.234' would be ambiguous, so it is refused as too precise.
 */
export function parsePrice(input: string): PriceParseResult {
  const trimmed = input.trim().replace(/\s*€$/, '').trim();
  if (trimmed === '') return { ok: false, error: 'empty' };
  if (trimmed.startsWith('-')) {
    return PRICE_PATTERN.test(trimmed.slice(1))
      ? { ok: false, error: 'negative' }
      : { ok: false, error: 'invalid' };
  }
  const match = PRICE_PATTERN.exec(trimmed);
  if (!match) return { ok: false, error: 'invalid' };
  const whole = match[1] ?? '';
  const decimals = match[2] ?? '';
  if (decimals.length > 2) return { ok: false, error: 'too_precise' };
  // Compare digit counts before converting so a 40-digit input cannot lose precision.
  const wholeDigits = whole.replace(/^0+(?=\d)/, '');
  if (wholeDigits.length > 7) return { ok: false, error: 'too_large' };
  const cents = Number(wholeDigits) * 100 + Number(decimals.padEnd(2, '0'));
  if (cents > MAX_CENTS) return { ok: false, error: 'too_large' };
  return { ok: true, cents };
}

/**
 * A euro number (what an <input type=number> gives) to cents, half away from zero. Works on the
 * shortest decimal text of the number, so 1.005 (stored as 1.00499...) means 1,01 € as typed.
 */
export function euroToCents(euro: number): number {
  if (!Number.isFinite(euro)) throw new RangeError(`Not a finite amount: ${euro}`);
  const text = Math.abs(euro).toString();
  let cents: number;
  if (text.includes('e')) {
    cents = Math.round(Math.abs(euro) * 100);
  } else {
    const [whole = '0', frac = ''] = text.split('.');
    cents = Number(whole) * 100 + Number(frac.slice(0, 2).padEnd(2, '0'));
    if (Number(frac.charAt(2) || '0') >= 5) cents += 1;
  }
  return euro < 0 && cents !== 0 ? -cents : cents;
}

/** Cents to a euro number for inputs with step 0.5; display always goes through formatEuro. */
export function centsToEuro(cents: number): number {
  assertCents(cents);
  return cents / 100;
}
