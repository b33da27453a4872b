import { type CartLine, t } from '@comanda/shared-schema';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { Alert } from '../components/alert.tsx';
import { Button } from '../components/button.tsx';
import { Loading } from '../components/loading.tsx';
import type { CartStore } from './cart-store.ts';
import { MenuView } from './menu-view.tsx';
import type { MenuSource } from './session-store.ts';
import { menuSections, useMenu } from './use-menu.ts';

/**
 * The menu to order from with its cart (spec 2.7), shared by the table and the delivery screens:
 * loads the customer's or the owner's menu, reloads it on each live `menuChanged` (a new
 * `menuRound`), and offers a retry when it cannot be read.
 */
export function MenuArea({
  ownerId,
  source,
  menuRound,
  store,
  lines,
  locked,
  cart,
  sheetDismissed,
  disabledReason = null,
}: {
  ownerId: string;
  source: MenuSource;
  menuRound: number;
  store: CartStore;
  lines: readonly CartLine[];
  locked: boolean;
  cart: ReactNode;
  sheetDismissed: boolean;
  /** Why nothing can be added (see MenuView). */
  disabledReason?: string | null;
}) {
  const menu = useMenu(ownerId, source);
  const { reload } = menu;
  // Each live `menuChanged` bumps the round; the first render already loads.
  const seenRound = useRef(menuRound);
  useEffect(() => {
    if (seenRound.current === menuRound) return;
    seenRound.current = menuRound;
    reload();
  }, [menuRound, reload]);
  const sections = useMemo(() => (menu.menu ? menuSections(menu.menu) : []), [menu.menu]);

  if (!menu.menu) {
    if (menu.error) {
      return (
        <Alert tone="danger">
          <p>{t.dishError}</p>
          <Button variant="secondary" onPress={reload}>
            {t.retry}
          </Button>
        </Alert>
      );
    }
    return <Loading />;
  }
  return (
    <MenuView
      sections={sections}
      store={store}
      lines={lines}
      locked={locked}
      cart={cart}
      sheetDismissed={sheetDismissed}
      disabledReason={disabledReason}
    />
  );
}
