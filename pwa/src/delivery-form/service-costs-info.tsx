import { t } from '@comanda/shared-schema';
import { Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../components/button.tsx';
import '../components/confirm-dialog.css';

/**
 * Spec 2.11 "Info dialog on service costs with 'Chiudi'": a small 'i' beside 'Costi di servizio'
 * (named for screen readers) opening what the fee is for.
 */
export function ServiceCostsInfo() {
  return (
    <DialogTrigger>
      <Button variant="ghost" className="os-info" aria-label={t.serviceCostsInfoButton}>
        <span aria-hidden="true">i</span>
      </Button>
      <ModalOverlay isDismissable className="confirm-overlay">
        <Modal className="confirm-modal">
          <Dialog className="confirm-dialog">
            {({ close }) => (
              <>
                <Heading slot="title" className="confirm-title">
                  {t.rowServiceCosts}
                </Heading>
                <p>{t.serviceCostsInfo}</p>
                <div className="btn-row confirm-actions">
                  <Button variant="primary" onPress={close} autoFocus>
                    {t.close}
                  </Button>
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
