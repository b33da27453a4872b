import { t } from '@comanda/shared-schema';
import { Button } from '../components/button.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import '../components/confirm-dialog.css';

/** The orderDelivery refusals that open a dialog (spec 2.11, 5); others show inline. */
export type RefusalDialogKind = 'slotTaken' | 'deliveryDisabled';

export function refusalDialogFor(code: string | null | undefined): RefusalDialogKind | null {
  if (code === 'SLOT_TAKEN') return 'slotTaken';
  if (code === 'DELIVERY_DISABLED') return 'deliveryDisabled';
  return null;
}

/**
 * Inline text for the other refusals of orderDelivery, keyed on the envelope's code; undefined
 * means: show the envelope's own `error` (dish_error, VALIDATION issues go to the form's fields).
 */
export function refusalMessage(code: string | null | undefined): string | undefined {
  switch (code) {
    case 'VENUE_CLOSED':
      return t.deliveryClosedToday;
    case 'FEE_CHANGED':
      return t.deliveryFeeChanged;
    case 'CITY_NOT_SERVED':
      return t.cityNotServed;
    default:
      return undefined;
  }
}

export interface RefusalDialogProps {
  /** The refusal's code (the error envelope's `code`); no dialog for null or other codes. */
  code: string | null;
  /** SLOT_TAKEN, 'scegli un altro orario': back to the form with fresh slots. */
  onChooseAnotherTime: () => void;
  /** DELIVERY_DISABLED, 'torna indietro': leave the delivery flow. */
  onGoBack: () => void;
}

/**
 * The send-time refusal dialogs: 'Ops! L'orario scelto è già occupato.' with 'scegli un altro
 * orario', and 'Ops! Il gestore ha appena disabilitato la consegna' with 'torna indietro'.
 * Not dismissable by the overlay: the one way on is the dialog's action.
 */
export function RefusalDialog({ code, onChooseAnotherTime, onGoBack }: RefusalDialogProps) {
  const kind = refusalDialogFor(code);
  return (
    <ModalDialog
      isOpen={kind !== null}
      isDismissable={false}
      overlayClassName="confirm-overlay"
      modalClassName="confirm-modal"
      role="alertdialog"
      className="confirm-dialog"
      title={kind === 'slotTaken' ? t.slotTakenTitle : t.deliveryDisabledTitle}
      titleClassName="confirm-title"
    >
      {kind === 'slotTaken' ? (
        <>
          <p>{t.chooseNewTimeRequest}</p>
          <div className="btn-row confirm-actions">
            <Button variant="primary" onPress={onChooseAnotherTime} autoFocus>
              {t.chooseAnotherTime}
            </Button>
          </div>
        </>
      ) : (
        <div className="btn-row confirm-actions">
          <Button variant="primary" onPress={onGoBack} autoFocus>
            {t.goBack}
          </Button>
        </div>
      )}
    </ModalDialog>
  );
}
