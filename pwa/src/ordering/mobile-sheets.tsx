import { t } from '@comanda/shared-schema';
import type { ReactNode } from 'react';
import { Button } from '../components/button.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import type { MenuSection } from './use-menu.ts';

/** Mobile side drawer listing every category (spec 2.7); loaded when first opened. */
export function CategoryDrawer({
  sections,
  currentId,
  onChoose,
  onClose,
}: {
  sections: MenuSection[];
  currentId: string | null;
  onChoose: (id: string) => void;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      overlayClassName="order-modal-overlay"
      modalClassName="drawer-modal"
      className="order-dialog drawer-dialog"
      title={t.menuCategories}
    >
      <ul className="drawer-list">
        {sections.map((section) => (
          <li key={section.id}>
            <Button
              block
              variant={section.id === currentId ? 'primary' : 'plain'}
              aria-current={section.id === currentId ? 'true' : undefined}
              onPress={() => onChoose(section.id)}
            >
              {section.name}
            </Button>
          </li>
        ))}
      </ul>
      <Button variant="secondary" block onPress={onClose}>
        {t.close}
      </Button>
    </ModalDialog>
  );
}

/**
 * Mobile: 'Visualizza e invia' opens the cart over the menu, full screen. 'Chiudi' sits at the
 * top beside the cart's title, so the bottom of the screen is the cart's order button (its foot
 * sticks there however long the cart).
 */
export function CartSheet({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      overlayClassName="order-modal-overlay"
      modalClassName="sheet-modal"
      className="order-dialog sheet-dialog"
      aria-label={t.cartTitle}
    >
      <Button variant="secondary" className="sheet-close" onPress={onClose}>
        {t.close}
      </Button>
      <div className="sheet-body">{children}</div>
    </ModalDialog>
  );
}
