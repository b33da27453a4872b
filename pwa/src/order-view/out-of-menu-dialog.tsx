import {
  checkOutOfMenu,
  formatAmount,
  KITCHEN_AREAS,
  type KitchenArea,
  type OutOfMenuErrors,
  parsePrice,
  t,
} from '@comanda/shared-schema';
import { type FormEvent, useState } from 'react';
import { FieldError, Form, Input, Label, Radio, RadioGroup, TextField } from 'react-aria-components';
import { Button } from '../components/button.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { useSyncClient } from '../data/hooks.ts';
import { uuid } from '../data/uuid.ts';
import { CardLockedNote } from './card-locked-note.tsx';
import { amountsLocked, priceMinusDisabled, stepPrice } from './order-logic.ts';
import { useEntryRows } from './use-order-entry.ts';
import './order-view.css';

export interface OutOfMenuDialogProps {
  /** The entry the line joins: a table's id (a free table gets an order) or a delivery's id. */
  tableId: string;
  onClose: () => void;
}

/** Spec 5 order: bar, cucina, fritti. */
const KIND_ORDER: readonly KitchenArea[] = ['bar', 'cucina', 'fritti'];
const KIND_LABEL: Record<KitchenArea, string> = {
  bar: t.kitchenAreaBar,
  cucina: t.kitchenAreaKitchen,
  fritti: t.kitchenAreaFried,
};

/** The typed price as cents when it parses ('12,5' -> 1250), for the steppers. */
function centsOf(text: string): number {
  const parsed = parsePrice(text);
  return parsed.ok ? parsed.cents : 0;
}

/**
 * The 'Fuori menu' dialog (spec 2.6, 3, 5): a free line with a description, a price and its
 * kitchen area, queued with `dashboardTableOutOfMenuAdd` and shown at once by its mutator.
 */
export function OutOfMenuDialog({ tableId, onClose }: OutOfMenuDialogProps) {
  const client = useSyncClient();
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [kind, setKind] = useState<string | null>(null);
  const [errors, setErrors] = useState<OutOfMenuErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // A card order takes no added line: the note replaces the form. A free table has
  // no entry yet (null): its new order is a cassa one, so the form shows.
  const rows = useEntryRows(tableId);
  const locked = rows ? amountsLocked(rows.order) : false;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkOutOfMenu({ name, price, selected_option: kind });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    try {
      await client.mutate('dashboardTableOutOfMenuAdd', {
        tableId,
        id: uuid(),
        line: {
          name: checked.value.name,
          price: checked.value.price,
          amount: 1,
          selected_option: checked.value.selected_option,
        },
      });
      onClose();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : t.genericError);
    }
  };

  const step = (dir: 1 | -1) => setPrice(formatAmount(stepPrice(centsOf(price), dir)));

  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      overlayClassName="ov-overlay"
      modalClassName="ov-modal ov-modal-small"
      className="ov-dialog"
      title={t.outOfMenu}
    >
      {locked ? (
        <>
          <CardLockedNote />
          <div className="btn-row ov-actions">
            <Button variant="secondary" onPress={onClose}>
              {t.close}
            </Button>
          </div>
        </>
      ) : (
        <Form className="ov-form" validationBehavior="aria" onSubmit={(e) => void submit(e)}>
          <TextField
            className="field"
            value={name}
            onChange={setName}
            isInvalid={errors.name !== undefined}
            isRequired
          >
            <Label>{t.outOfMenuDescription}</Label>
            <Input />
            <FieldError className="field-error">{errors.name}</FieldError>
          </TextField>
          <div className="ov-price-row">
            <Button
              variant="secondary"
              aria-label={t.menuDecreasePrice}
              isDisabled={priceMinusDisabled(centsOf(price))}
              onPress={() => step(-1)}
            >
              −
            </Button>
            <TextField
              className="field ov-price-field"
              value={price}
              onChange={setPrice}
              inputMode="decimal"
              isInvalid={errors.price !== undefined}
              isRequired
            >
              <Label>{t.outOfMenuPrice}</Label>
              <span className="ov-suffix-input">
                <Input />
                <span aria-hidden="true">€</span>
              </span>
              <FieldError className="field-error">{errors.price}</FieldError>
            </TextField>
            <Button variant="secondary" aria-label={t.menuIncreasePrice} onPress={() => step(1)}>
              +
            </Button>
          </div>
          <RadioGroup
            className="ov-radios"
            value={kind}
            onChange={setKind}
            isInvalid={errors.selected_option !== undefined}
            isRequired
            orientation="horizontal"
          >
            <Label>{t.outOfMenuKind}</Label>
            <div className="ov-radio-row">
              {KIND_ORDER.filter((k) => KITCHEN_AREAS.includes(k)).map((k) => (
                <Radio key={k} value={k} className="ov-radio">
                  {KIND_LABEL[k]}
                </Radio>
              ))}
            </div>
            <FieldError className="field-error">{errors.selected_option}</FieldError>
          </RadioGroup>
          {failure ? (
            <p role="alert" className="field-error">
              {failure}
            </p>
          ) : null}
          <div className="btn-row ov-actions">
            <Button variant="secondary" onPress={onClose}>
              {t.cancel}
            </Button>
            <Button variant="primary" type="submit">
              {t.addOutOfMenu}
            </Button>
          </div>
        </Form>
      )}
    </ModalDialog>
  );
}
