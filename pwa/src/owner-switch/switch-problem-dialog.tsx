import { t } from '@comanda/shared-schema';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../components/button.tsx';
import '../components/confirm-dialog.css';

/**
 * Why the customer view cannot open now (changes waiting, no connection): in a dialog, so the
 * owner reads it wherever on a long list the button was.
 */
export function SwitchProblemDialog({ problem, onClose }: { problem: string | null; onClose: () => void }) {
  return (
    <ModalOverlay
      isOpen={problem !== null}
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="confirm-overlay"
    >
      <Modal className="confirm-modal">
        <Dialog role="alertdialog" className="confirm-dialog">
          <Heading slot="title" className="confirm-title">
            {t.ownerSwitchUnavailable}
          </Heading>
          <p>{problem}</p>
          <div className="btn-row confirm-actions">
            <Button variant="primary" onPress={onClose}>
              {t.close}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
