import { t } from '@comanda/shared-schema';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './button.tsx';
import './confirm-dialog.css';

/**
 * The generic confirm dialog of spec 2.6: a question, 'Annulla' and 'Conferma'.
 */
export function ConfirmDialog({
  question,
  isOpen,
  onCancel,
  onConfirm,
}: {
  question: string;
  isOpen: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      className="confirm-overlay"
    >
      <Modal className="confirm-modal">
        <Dialog role="alertdialog" className="confirm-dialog">
          <Heading slot="title" className="confirm-title">
            {question}
          </Heading>
          <div className="btn-row confirm-actions">
            <Button variant="secondary" onPress={onCancel}>
              {t.cancel}
            </Button>
            <Button variant="primary" onPress={onConfirm}>
              {t.confirm}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
