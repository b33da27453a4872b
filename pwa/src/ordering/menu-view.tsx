import { type CartLine, cartCount, type MenuDish, t, tf } from '@comanda/shared-schema';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { Button, buttonClass } from '../components/button.tsx';
import type { CartStore } from './cart-store.ts';
import { CategoryTabs } from './category-tabs.tsx';
import { plainLine } from './dish-line.ts';
import { DishList } from './dish-list.tsx';
import { NARROW_QUERY, useMediaQuery } from './use-media-query.ts';
import type { MenuSection } from './use-menu.ts';

const VariantPicker = lazy(() => import('./variant-picker.tsx').then((m) => ({ default: m.VariantPicker })));
const CategoryDrawer = lazy(() => import('./mobile-sheets.tsx').then((m) => ({ default: m.CategoryDrawer })));
const CartSheet = lazy(() => import('./mobile-sheets.tsx').then((m) => ({ default: m.CartSheet })));

export interface MenuViewProps {
  sections: MenuSection[];
  store: CartStore;
  lines: readonly CartLine[];
  /** While an order is on its way nothing may change the cart it froze. */
  locked: boolean;
  /** The cart panel, built by the screen (its send button differs for tables and deliveries). */
  cart: ReactNode;
  /** Closes the mobile cart sheet (e.g. when the success screen opens). */
  sheetDismissed?: boolean;
  /**
   * Why nothing can be added now (ordering or delivery switched off by the venue): every dish's
   * button is disabled and this shows above the dishes, where the disabled buttons are.
   */
  disabledReason?: string | null;
}

function MenuIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      stroke="currentColor"
      strokeWidth="2.5"
    >
      <line x1="3" y1="6" x2="21" y2="6" />
      <line x1="3" y1="12" x2="21" y2="12" />
      <line x1="3" y1="18" x2="21" y2="18" />
    </svg>
  );
}

/**
 * The menu ordering dialog (spec 2.7). Desktop (over 576 px): category buttons, the dish grid
 * and the cart column at the right. Mobile: category tabs with a side drawer listing every
 * category, the dish list, and the floating 'Visualizza e invia' button with the cart count,
 * which opens the cart. A dish with variants opens the variant picker; one without goes straight
 * into the cart (announced to screen readers).
 */
export function MenuView({
  sections,
  store,
  lines,
  locked,
  cart,
  sheetDismissed = false,
  disabledReason = null,
}: MenuViewProps) {
  const narrow = useMediaQuery(NARROW_QUERY);
  const [selected, setSelected] = useState<string | null>(null);
  const [picking, setPicking] = useState<MenuDish | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [announcement, setAnnouncement] = useState({ text: '', n: 0 });
  const gridHeadingId = useId();
  const countId = useId();

  const current = sections.find((s) => s.id === selected) ?? sections[0] ?? null;
  const count = cartCount(lines);

  useEffect(() => {
    if (sheetDismissed) setSheetOpen(false);
  }, [sheetDismissed]);

  const unavailable = locked || disabledReason !== null;
  const reason = disabledReason ? (
    <p className="menu-blocked" role="note">
      {disabledReason}
    </p>
  ) : null;

  const announce = useCallback((text: string) => setAnnouncement((a) => ({ text, n: a.n + 1 })), []);

  const choose = useCallback(
    (dish: MenuDish) => {
      if (dish.variants.some((v) => v.options.length > 0)) {
        setPicking(dish);
        return;
      }
      store.add(plainLine(dish));
      announce(tf.addedToCart(dish.name));
    },
    [store, announce],
  );

  const live = (
    <div className="visually-hidden" role="status">
      <span key={announcement.n}>{announcement.text}</span>
    </div>
  );
  // The picker's code loads on the first dish with variants: the first visit stays small.
  const picker = picking ? (
    <Suspense fallback={null}>
      <VariantPicker
        dish={picking}
        onClose={() => setPicking(null)}
        onAdd={(line) => {
          store.add(line);
          setPicking(null);
          announce(tf.addedToCart(line.name));
        }}
      />
    </Suspense>
  ) : null;

  if (!narrow) {
    return (
      <div className="menu-desktop">
        <div className="menu-main">
          <fieldset className="category-buttons">
            <legend className="visually-hidden">{t.menuCategories}</legend>
            {sections.map((section) => (
              <Button
                key={section.id}
                variant={section.id === current?.id ? 'primary' : 'secondary'}
                aria-pressed={section.id === current?.id}
                onPress={() => setSelected(section.id)}
              >
                {section.name}
              </Button>
            ))}
          </fieldset>
          <section aria-labelledby={gridHeadingId}>
            <h2 id={gridHeadingId} className="menu-section-title">
              {current?.name ?? t.menuDishes}
            </h2>
            {reason}
            <DishList dishes={current?.dishes ?? []} locked={unavailable} onChoose={choose} />
          </section>
        </div>
        <aside className="menu-cart">{cart}</aside>
        {picker}
        {live}
      </div>
    );
  }

  return (
    <div className="menu-mobile">
      <CategoryTabs
        items={sections}
        selectedId={current?.id ?? null}
        onSelect={setSelected}
        label={t.menuCategories}
        before={
          <button
            type="button"
            className={buttonClass('ghost', false, 'menu-native-button')}
            aria-label={t.openCategories}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </button>
        }
      >
        {reason}
        <DishList dishes={current?.dishes ?? []} locked={unavailable} onChoose={choose} />
      </CategoryTabs>
      {sections.length === 0 ? <p className="menu-empty">{t.noDishes}</p> : null}

      {/* Native, like the drawer's button and the dish cards: on screen from the first frame and
          re-rendered on every tap on a dish, where react-aria's press handling cost the most. */}
      <button
        type="button"
        className={buttonClass('primary', false, 'menu-native-button cart-fab')}
        aria-describedby={countId}
        onClick={() => setSheetOpen(true)}
      >
        {t.viewAndSend}
        <span className="cart-fab-count" aria-hidden="true">
          {tf.count(count)}
        </span>
      </button>
      <span id={countId} className="visually-hidden">
        {tf.cartCount(count)}
      </span>

      {drawerOpen ? (
        <Suspense fallback={null}>
          <CategoryDrawer
            sections={sections}
            currentId={current?.id ?? null}
            onChoose={(id) => {
              setSelected(id);
              setDrawerOpen(false);
            }}
            onClose={() => setDrawerOpen(false)}
          />
        </Suspense>
      ) : null}
      {sheetOpen ? (
        <Suspense fallback={null}>
          <CartSheet onClose={() => setSheetOpen(false)}>{cart}</CartSheet>
        </Suspense>
      ) : null}
      {picker}
      {live}
    </div>
  );
}
