import { MAX_CENTS } from './money.ts';

/**
 * Card service fee of spec 9: total = (amount + 0.305 + 0.1) / 0.95535, amounts in euro; the fee
 * is total - amount. Shown and charged only to customers paying by card; owners pay none.
 *
 * In cents: total = (a + 40.5) / 0.95535 = (2a + 81) * 10000 / 19107, all integers, so no float
 * error creeps in. The total is rounded UP to the cent so the venue never ends up short.
 */
export interface CardCharge {
  /** What the order costs (cents). */
  amount: number;
  /** 'Costi di servizio' (cents). */
  fee: number;
  /** What the card is charged (cents). */
  total: number;
}

export function cardCharge(amountCents: number): CardCharge {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0 || amountCents > MAX_CENTS) {
    throw new RangeError(`Invalid amount in cents: ${amountCents}`);
  }
  // Nothing to charge, nothing to pay the provider.
  if (amountCents === 0) return { amount: 0, fee: 0, total: 0 };
  const numerator = (2 * amountCents + 81) * 10_000;
  // Both operands are exact integers below 2^53; a non-integer quotient is at least 1/19107
  // away from the next integer, far beyond float error, so Math.ceil is exact here.
  const total = Math.ceil(numerator / 19_107);
  return { amount: amountCents, fee: total - amountCents, total };
}

/** Just the fee: cardCharge(amount).fee. */
export function cardFee(amountCents: number): number {
  return cardCharge(amountCents).fee;
}
