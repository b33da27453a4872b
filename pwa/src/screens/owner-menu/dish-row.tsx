import { formatEuro, type MenuDish, sortVariants, t, tf } from '@comanda/shared-schema';
import { memo } from 'react';
import { Button } from '../../components/button.tsx';
import { PencilIcon, TrashIcon } from './icons.tsx';
import { MenuSwitch } from './menu-switch.tsx';

export interface DishRowProps {
  dish: MenuDish;
  /** Why the server refused the last change to this dish, if it did. */
  refusal: string | undefined;
  onToggleAvailable: (id: string, available: boolean) => void;
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
}

function variantNames(dish: MenuDish): string {
  return sortVariants(dish.variants)
    .map((v) => v.name)
    .join('\u0000');
}

/**
 * Rows re-render only when what they show changes. The device database hands out new objects
 * on every read, so identity alone would redraw all 300 rows whenever anything is saved.
 */
export function sameDishRow(a: DishRowProps, b: DishRowProps): boolean {
  return (
    a.dish.id === b.dish.id &&
    a.dish.name === b.dish.name &&
    a.dish.price === b.dish.price &&
    a.dish.available === b.dish.available &&
    a.dish.description === b.dish.description &&
    variantNames(a.dish) === variantNames(b.dish) &&
    a.refusal === b.refusal &&
    a.onToggleAvailable === b.onToggleAvailable &&
    a.onEdit === b.onEdit &&
    a.onDelete === b.onDelete
  );
}

/** One dish in its category: name, price '12,50 €', variants, 'Disponibile', edit, delete. */
export const DishRow = memo(function DishRow({
  dish,
  refusal,
  onToggleAvailable,
  onEdit,
  onDelete,
}: DishRowProps) {
  const available = dish.available !== false;
  const variants = sortVariants(dish.variants).map((v) => v.name);
  return (
    <li className={available ? 'menu-dish' : 'menu-dish menu-dish-off'}>
      <div className="menu-dish-main">
        <div className="menu-dish-title">
          <span className="menu-dish-name">{dish.name}</span>
          <span className="menu-dish-price">{formatEuro(dish.price)}</span>
        </div>
        {dish.description ? <p className="menu-dish-description">{dish.description}</p> : null}
        {variants.length > 0 ? (
          <p className="menu-dish-variants">{tf.menuVariantsSummary(variants)}</p>
        ) : null}
        {available ? null : <span className="badge menu-badge-off">{t.menuUnavailable}</span>}
        {refusal ? (
          <p className="field-error" role="alert">
            {refusal}
          </p>
        ) : null}
      </div>
      <div className="menu-dish-actions">
        <MenuSwitch
          isSelected={available}
          aria-label={tf.menuAvailableLabel(dish.name)}
          onChange={(next) => onToggleAvailable(dish.id, next)}
        >
          {t.menuAvailable}
        </MenuSwitch>
        {/* On a narrow card the texts hide and the icons stay; the names say it all. */}
        <Button
          variant="ghost"
          className="menu-row-button"
          aria-label={tf.menuEditLabel(dish.name)}
          onPress={() => onEdit(dish.id)}
        >
          <PencilIcon />
          <span className="menu-button-text">{t.menuEdit}</span>
        </Button>
        <Button
          variant="ghost"
          className="menu-row-button menu-danger"
          aria-label={tf.menuDeleteLabel(dish.name)}
          onPress={() => onDelete(dish.id)}
        >
          <TrashIcon />
          <span className="menu-button-text">{t.menuDelete}</span>
        </Button>
      </div>
    </li>
  );
}, sameDishRow);
