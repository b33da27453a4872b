import { CONFIRM_DELAY_MS, NARROW_BREAKPOINT_PX, type TableOrder, t, tf } from '@comanda/shared-schema';
import { useId, useState } from 'react';
import { Heading } from 'react-aria-components';
import { AmountToCollect } from '../components/amount-to-collect.tsx';
import { Button } from '../components/button.tsx';
import { DelayedConfirmButton } from '../components/confirm-dialog.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { useSnackbar } from '../components/snackbar.tsx';
import { useSyncClient } from '../data/hooks.ts';
import { CardLockedNote } from './card-locked-note.tsx';
import { LinesCards, type LinesProps, LinesTable } from './order-lines.tsx';
import { amountsLocked, viewTotals } from './order-logic.ts';
import { entryTitle, Receipt } from './receipt.tsx';
import { TotalsRows } from './totals-rows.tsx';
import { entryKeyOf, useAutosave, useEntryRows, useMediaQuery, useOrderEntry } from './use-order-entry.ts';
import './order-view.css';

export interface OrderViewDialogProps {
  /** The entry: a table's id (its open order), a delivery's id, or the order's own id. */
  tableId: string;
  onClose: () => void;
  /** 'Stampa' (the print bridge, wired by the dashboard); without it the button is not shown. */
  onPrint?: (table: TableOrder) => void;
  /**
   * 'Completa'. Without it the dialog asks for confirmation itself and queues
   * `dashboardTableHistory` (spec 4), then closes.
   */
  onComplete?: (table: TableOrder) => void;
}

/** Spec 2.12: the owner's table/order view, editing with autosave (spec 4, 5). */
export function OrderViewDialog(props: OrderViewDialogProps) {
  return (
    <ModalDialog
      isOpen
      onClose={props.onClose}
      overlayClassName="ov-overlay"
      modalClassName="ov-modal"
      className="ov-dialog"
    >
      <OrderView {...props} />
    </ModalDialog>
  );
}

function OrderView({ tableId, onClose, onPrint, onComplete }: OrderViewDialogProps) {
  const client = useSyncClient();
  const rows = useEntryRows(tableId);
  // The server knows an entry by its table's or delivery's id, whatever id the caller passed.
  const autosave = useAutosave(rows ? entryKeyOf(rows.order) : tableId);
  const entry = useOrderEntry(rows, autosave);
  const narrow = useMediaQuery(`(max-width: ${NARROW_BREAKPOINT_PX - 0.02}px)`);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const lockedNoteId = useId();
  const notify = useSnackbar();

  if (entry === undefined) {
    return (
      <>
        <Heading slot="title">{t.loading}</Heading>
        <p role="status">{t.loading}</p>
      </>
    );
  }
  if (entry === null) {
    return (
      <>
        <Heading slot="title">{t.noOpenOrder}</Heading>
        <div className="btn-row ov-actions">
          <Button variant="secondary" onPress={onClose}>
            {t.close}
          </Button>
        </div>
      </>
    );
  }

  const { order, lines, business, table } = entry;
  const totals = viewTotals(order, lines);
  // A card order has nothing the owner may edit here: 'Modifica' stays disabled, the
  // note says why, and the lines never show their steppers or 'Elimina' / 'Ripristina'.
  const locked = amountsLocked(order);
  const editable = editing && !locked;
  const onEdit: LinesProps['onEdit'] = (edit, kind) => autosave.edit(edit, kind);
  const Lines = narrow ? LinesCards : LinesTable;

  const complete = async () => {
    setConfirming(false);
    setFailure(null);
    try {
      await autosave.flush();
      // The order and the version seen: the server builds the history from its own lines, and
      // refuses (CONFLICT) when lines arrived after what this tablet has seen.
      await client.mutate('dashboardTableHistory', { id: order.id, seenVersion: client.version$.value });
      notify(tf.orderCompletedNotice(entryTitle(order)));
      onClose();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : t.genericError);
    }
  };

  return (
    <>
      <Heading slot="title">{entryTitle(order)}</Heading>
      {lines.length === 0 ? (
        <p>{t.emptyOrder}</p>
      ) : (
        <Lines lines={lines} editing={editable} onEdit={onEdit} />
      )}
      <TotalsRows
        order={order}
        totals={totals}
        editing={editable}
        onDiscount={(c) => autosave.setDiscount(c)}
      />
      {locked ? <CardLockedNote id={lockedNoteId} /> : null}
      {confirming ? (
        <div role="alertdialog" aria-label={t.completeOrderConfirm} className="ov-confirm">
          <p>{t.completeOrderConfirm}</p>
          <AmountToCollect order={order} totals={totals} />
          <div className="btn-row">
            <Button variant="secondary" onPress={() => setConfirming(false)}>
              {t.cancel}
            </Button>
            <DelayedConfirmButton delayMs={CONFIRM_DELAY_MS} onPress={() => void complete()} />
          </div>
        </div>
      ) : null}
      <p role="status" className="ov-status">
        {autosave.hasUnsaved() ? t.savingChanges : ''}
      </p>
      {failure ? (
        <p role="alert" className="field-error">
          {failure}
        </p>
      ) : null}
      <div className="btn-row ov-actions">
        <Button
          variant={editable ? 'primary' : 'secondary'}
          isDisabled={locked}
          aria-describedby={locked ? lockedNoteId : undefined}
          onPress={() => {
            if (editing) void autosave.flush();
            setEditing(!editing);
          }}
        >
          {editable ? t.finishEditing : t.edit}
        </Button>
        {onPrint ? (
          <Button variant="secondary" onPress={() => onPrint(table)}>
            {t.print}
          </Button>
        ) : null}
        <Button variant="secondary" onPress={() => globalThis.print?.()}>
          {t.printWithBrowser}
        </Button>
        <Button
          variant="secondary"
          isDisabled={order.accettato === 0}
          onPress={() => (onComplete ? onComplete(table) : setConfirming(true))}
        >
          {t.completeOrder}
        </Button>
        <Button variant="plain" onPress={onClose}>
          {t.close}
        </Button>
      </div>
      <Receipt venue={business?.name ?? ''} order={order} lines={lines} totals={totals} />
    </>
  );
}
