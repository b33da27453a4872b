import { t } from '@comanda/shared-schema';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../components/button.tsx';
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
    <ModalOverlay isOpen={kind !== null} className="confirm-overlay">
      <Modal className="confirm-modal">
        <Dialog role="alertdialog" className="confirm-dialog">
          {kind === 'slotTaken' ? (
            <>
              <Heading slot="title" className="confirm-title">
                {t.slotTakenTitle}
              </Heading>
              <p>{t.chooseNewTimeRequest}</p>
              <div className="btn-row confirm-actions">
                <Button variant="primary" onPress={onChooseAnotherTime} autoFocus>
                  {t.chooseAnotherTime}
                </Button>
              </div>
            </>
          ) : (
            <>
              <Heading slot="title" className="confirm-title">
                {t.deliveryDisabledTitle}
              </Heading>
              <div className="btn-row confirm-actions">
                <Button variant="primary" onPress={onGoBack} autoFocus>
                  {t.goBack}
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
