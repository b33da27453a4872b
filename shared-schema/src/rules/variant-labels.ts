import type { Variant, VariantOption } from '../entities.ts';
import { selectedOptions } from './dish-price.ts';
import { isNoThanks, sortByPosition } from './sorting.ts';

/**
 * How a line's chosen options read wherever an order is shown apart from the menu: the
 * dashboard's and the kitchen display's tickets, the print payload, the receipts, the customer's
 * mail. One rule, so that a cook, a waiter and a printed receipt read the same words.
 *
 * A 'no, grazie!' option (spec 2.8: listed first in its variant) means nothing without its
 * variant: 'Salsa: no, grazie!' tells the kitchen to leave the sauce out, a bare 'no, grazie!'
 * tells it nothing. So it always carries its variant's name; other options ('Maxi', 'Ketchup')
 * say what they are on their own.
 */

type NamedVariant = Pick<Variant, 'name' | 'position' | 'selected'> & { id?: string | null };

/** The text of one chosen option on a ticket: 'Maxi', or 'Salsa: no, grazie!'. */
export function ticketOptionLabel(
  variant: Pick<Variant, 'name'>,
  option: Pick<VariantOption, 'label'>,
): string {
  const label = option.label.trim();
  return isNoThanks(label) ? `${variant.name.trim()}: ${label}` : label;
}

/** Every chosen option of a line, in variant position order, as tickets show them. */
export function ticketOptionLabels(variants: readonly NamedVariant[]): string[] {
  return sortByPosition(variants).flatMap((variant) =>
    selectedOptions(variant).map((option) => ticketOptionLabel(variant, option)),
  );
}

/** A ticket's one short line of options: 'Maxi, Ketchup' or 'Salsa: no, grazie!'. */
export function ticketVariantText(variants: readonly NamedVariant[]): string {
  return ticketOptionLabels(variants).join(', ');
}

/**
 * One label per variant with a choice, as receipts print them and the print payload carries
 * them (`variantLabels`): 'Formato: Maxi', 'Ingredienti: Funghi, Mozzarella extra',
 * 'Salsa: no, grazie!'. Variants by position, options in the order chosen.
 */
export function variantLabels(variants: readonly NamedVariant[]): string[] {
  return sortByPosition(variants).flatMap((variant) => {
    const labels = selectedOptions(variant).map((option) => option.label.trim());
    return labels.length > 0 ? [`${variant.name.trim()}: ${labels.join(', ')}`] : [];
  });
}
