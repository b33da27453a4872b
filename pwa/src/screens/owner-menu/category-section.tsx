import { type Category, type MenuDish, t, tf } from '@comanda/shared-schema';
import { memo, useId } from 'react';
import { Button } from '../../components/button.tsx';
import { AREA_TEXT } from './category-dialog.tsx';
import { DishRow } from './dish-row.tsx';

export interface CategoryHandlers {
  onMove: (id: string, delta: -1 | 1) => void;
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
  onAddDish: (categoryId: string) => void;
  onToggleAvailable: (id: string, available: boolean) => void;
  onEditDish: (id: string) => void;
  onDeleteDish: (id: string) => void;
}

/**
 * One category: its name and kitchen area, move up/down, edit, delete, and its dishes sorted by
 * name. `message` is the reason a change to it was refused, here or by the server.
 */
export const CategorySection = memo(function CategorySection({
  category,
  dishes,
  total,
  isFirst,
  isLast,
  searching,
  message,
  refusals,
  handlers,
}: {
  category: Category;
  dishes: readonly MenuDish[];
  total: number;
  isFirst: boolean;
  isLast: boolean;
  searching: boolean;
  message: string | undefined;
  refusals: ReadonlyMap<string, string>;
  handlers: CategoryHandlers;
}) {
  const headingId = useId();
  return (
    <section className="menu-category" aria-labelledby={headingId}>
      <header className="menu-category-head">
        <div className="menu-category-info">
          <h2 id={headingId} className="menu-category-name">
            {category.name}
          </h2>
          <span className={`badge menu-area menu-area-${category.area}`}>{AREA_TEXT[category.area]}</span>
          <span className="menu-category-count">{tf.menuDishCount(total)}</span>
        </div>
        <div className="btn-row menu-category-tools">
          <Button
            variant="ghost"
            className="menu-icon-button"
            aria-label={tf.menuMoveUpLabel(category.name)}
            isDisabled={isFirst}
            onPress={() => handlers.onMove(category.id, -1)}
          >
            <span aria-hidden="true">↑</span>
          </Button>
          <Button
            variant="ghost"
            className="menu-icon-button"
            aria-label={tf.menuMoveDownLabel(category.name)}
            isDisabled={isLast}
            onPress={() => handlers.onMove(category.id, 1)}
          >
            <span aria-hidden="true">↓</span>
          </Button>
          <Button
            variant="ghost"
            aria-label={tf.menuEditLabel(category.name)}
            onPress={() => handlers.onEdit(category.id)}
          >
            {t.menuEdit}
          </Button>
          <Button
            variant="ghost"
            className="menu-danger"
            aria-label={tf.menuDeleteLabel(category.name)}
            onPress={() => handlers.onDelete(category.id)}
          >
            {t.menuDelete}
          </Button>
        </div>
      </header>
      {message ? (
        <p className="field-error menu-category-message" role="alert">
          {message}
        </p>
      ) : null}
      {dishes.length > 0 ? (
        <ul className="menu-dishes">
          {dishes.map((dish) => (
            <DishRow
              key={dish.id}
              dish={dish}
              refusal={refusals.get(dish.id)}
              onToggleAvailable={handlers.onToggleAvailable}
              onEdit={handlers.onEditDish}
              onDelete={handlers.onDeleteDish}
            />
          ))}
        </ul>
      ) : (
        <p className="menu-empty">{t.menuEmptyCategory}</p>
      )}
      {searching ? null : (
        <div className="menu-category-foot">
          <Button
            variant="ghost"
            className="menu-add-dish"
            aria-label={tf.menuAddDishTo(category.name)}
            onPress={() => handlers.onAddDish(category.id)}
          >
            <span aria-hidden="true">+</span> {t.menuAddDish}
          </Button>
        </div>
      )}
    </section>
  );
});
