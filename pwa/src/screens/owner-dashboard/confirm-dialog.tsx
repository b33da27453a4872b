import { t } from '@comanda/shared-schema';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../../components/button.tsx';

/** The generic confirm dialog of spec 2.6: a question, 'Annulla' and 'Conferma'. */
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
      className="dash-modal-overlay"
    >
      <Modal className="dash-modal">
        <Dialog role="alertdialog" className="dash-dialog">
          <Heading slot="title" className="dash-dialog-title">
            {question}
          </Heading>
          <div className="btn-row dash-dialog-actions">
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
