import { t } from '@comanda/shared-schema';
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../components/button.tsx';
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
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="order-modal-overlay"
    >
      <Modal className="drawer-modal">
        <Dialog className="order-dialog drawer-dialog">
          <Heading slot="title">{t.menuCategories}</Heading>
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
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * Mobile: 'Visualizza e invia' opens the cart over the menu, full screen. 'Chiudi' sits at the
 * top beside the cart's title, so the bottom of the screen is the cart's order button (its foot
 * sticks there however long the cart).
 */
export function CartSheet({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="order-modal-overlay"
    >
      <Modal className="sheet-modal">
        <Dialog className="order-dialog sheet-dialog" aria-label={t.cartTitle}>
          <Button variant="secondary" className="sheet-close" onPress={onClose}>
            {t.close}
          </Button>
          <div className="sheet-body">{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
