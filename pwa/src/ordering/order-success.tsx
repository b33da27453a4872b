import { t } from '@comanda/shared-schema';
import type { ReactNode } from 'react';
import { Heading } from 'react-aria-components';
import { Button } from '../components/button.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { SuccessMark } from '../components/success-mark.tsx';

/**
 * Spec 2.11 result: the owner reads 'Ordine effettuato con successo!'; a customer reads
 * 'Abbiamo ricevuto il tuo ordine!' and then `children`, what follows for that order: a table's
 * points to Storico (no e-mail is sent for it), a delivery's recaps it and says when the venue
 * confirms (with the e-mail lines when an address was given). 'Chiudi' closes it.
 */
export function OrderSuccess({
  owner,
  onClose,
  children,
  closeIsMain = true,
}: {
  owner: boolean;
  onClose: () => void;
  children?: ReactNode;
  /** False when `children` holds the main way on (a table's 'Vai allo Storico'). */
  closeIsMain?: boolean;
}) {
  const main = owner || closeIsMain;
  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      overlayClassName="order-modal-overlay"
      modalClassName="order-modal success-modal"
      className="order-dialog success-dialog"
    >
      <SuccessMark className="success-mark" />
      <Heading slot="title">{owner ? t.orderSuccessOwner : t.orderSuccessCustomer}</Heading>
      {owner ? null : children}
      <Button variant={main ? 'primary' : 'secondary'} block autoFocus={main} onPress={onClose}>
        {t.close}
      </Button>
    </ModalDialog>
  );
}
