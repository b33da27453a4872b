import { t } from '@comanda/shared-schema';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { Button } from './button.tsx';
import { ModalDialog } from './modal-dialog.tsx';
import './confirm-dialog.css';

/**
 * 'Conferma' with the confirm dialog's optional delay (spec 9): disabled for `delayMs` after it
 * appears, a bar filling it meanwhile, so the tap that opened a destructive confirmation
 * (Completa, Elimina, Rifiuta) cannot also confirm it. Mounted with its dialog, so each opening
 * waits again. Without a delay it is a plain primary button.
 */
export function DelayedConfirmButton({
  delayMs = 0,
  onPress,
  children = t.confirm,
}: {
  delayMs?: number;
  onPress: () => void;
  children?: ReactNode;
}) {
  const [armed, setArmed] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setArmed(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return (
    <Button
      variant="primary"
      className={armed ? undefined : 'confirm-waiting'}
      // The bar's duration follows the delay (confirm-dialog.css).
      style={{ '--confirm-delay': `${delayMs}ms` } as CSSProperties}
      isDisabled={!armed}
      onPress={onPress}
    >
      {children}
    </Button>
  );
}

/**
 * The generic confirm dialog of spec 2.6: a question, 'Annulla' and 'Conferma', with the optional
 * delay of spec 9 (`delayMs`, for destructive confirmations: `CONFIRM_DELAY_MS`).
 */
export function ConfirmDialog({
  question,
  isOpen,
  onCancel,
  onConfirm,
  children,
  delayMs = 0,
}: {
  question: string;
  isOpen: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** What the owner should know before confirming ('Completa': the amount to collect). */
  children?: ReactNode;
  /** 'Conferma' is enabled this long after the dialog opens (0: at once). */
  delayMs?: number;
}) {
  return (
    <ModalDialog
      isOpen={isOpen}
      onClose={onCancel}
      overlayClassName="confirm-overlay"
      modalClassName="confirm-modal"
      role="alertdialog"
      className="confirm-dialog"
      title={question}
      titleClassName="confirm-title"
    >
      {children}
      <div className="btn-row confirm-actions">
        <Button variant="secondary" onPress={onCancel}>
          {t.cancel}
        </Button>
        <DelayedConfirmButton delayMs={delayMs} onPress={onConfirm} />
      </div>
    </ModalDialog>
  );
}
