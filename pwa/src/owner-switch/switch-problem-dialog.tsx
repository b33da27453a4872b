import { t } from '@comanda/shared-schema';
import { Button } from '../components/button.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import '../components/confirm-dialog.css';

/**
 * Why the customer view cannot open now (changes waiting, no connection): in a dialog, so the
 * owner reads it wherever on a long list the button was.
 */
export function SwitchProblemDialog({ problem, onClose }: { problem: string | null; onClose: () => void }) {
  return (
    <ModalDialog
      isOpen={problem !== null}
      onClose={onClose}
      overlayClassName="confirm-overlay"
      modalClassName="confirm-modal"
      role="alertdialog"
      className="confirm-dialog"
      title={t.ownerSwitchUnavailable}
      titleClassName="confirm-title"
    >
      <p>{problem}</p>
      <div className="btn-row confirm-actions">
        <Button variant="primary" onPress={onClose}>
          {t.close}
        </Button>
      </div>
    </ModalDialog>
  );
}
