import { t } from '@comanda/shared-schema';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../components/button.tsx';
import { SuccessMark } from '../components/success-mark.tsx';

/**
 * Spec 2.11 result: the owner reads 'Ordine effettuato con successo!'; a customer reads
 * 'Abbiamo ricevuto il tuo ordine!', that an e-mail with the details follows once the order is
 * confirmed, and to check the spam folder. 'Chiudi' closes it.
 */
export function OrderSuccess({ owner, onClose }: { owner: boolean; onClose: () => void }) {
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="order-modal-overlay"
    >
      <Modal className="order-modal success-modal">
        <Dialog className="order-dialog success-dialog">
          <SuccessMark className="success-mark" />
          <Heading slot="title">{owner ? t.orderSuccessOwner : t.orderSuccessCustomer}</Heading>
          {owner ? null : (
            <>
              <p>{t.orderEmailWillFollow}</p>
              <p className="field-hint">{t.checkSpam}</p>
            </>
          )}
          <Button variant="primary" block autoFocus onPress={onClose}>
            {t.close}
          </Button>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
