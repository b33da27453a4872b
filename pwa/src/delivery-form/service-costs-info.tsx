import { t } from '@comanda/shared-schema';
import { DialogTrigger } from 'react-aria-components';
import { Button } from '../components/button.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
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
      <ModalDialog
        overlayClassName="confirm-overlay"
        modalClassName="confirm-modal"
        className="confirm-dialog"
        title={t.rowServiceCosts}
        titleClassName="confirm-title"
      >
        {({ close }) => (
          <>
            <p>{t.serviceCostsInfo}</p>
            <div className="btn-row confirm-actions">
              <Button variant="primary" onPress={close} autoFocus>
                {t.close}
              </Button>
            </div>
          </>
        )}
      </ModalDialog>
    </DialogTrigger>
  );
}
