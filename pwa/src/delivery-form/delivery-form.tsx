import { type DeliverySlots, type OrderFormData, type OrderFormErrors, t, tf } from '@comanda/shared-schema';
import { type FormEvent, type ReactNode, useState } from 'react';
import {
  Button as AriaButton,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Radio,
  RadioGroup,
  Select,
  SelectValue,
} from 'react-aria-components';
import { Button } from '../components/button.tsx';
import { FormField } from '../components/form-field.tsx';
import { formEdits, formErrors } from './form-logic.ts';
import './delivery-form.css';

export interface DeliveryFormProps {
  /** The form data (controlled): the caller keeps it, e.g. across the summary step and back. */
  value: OrderFormData;
  onChange: (form: OrderFormData) => void;
  /** The venue's comuni (deliveryOptions' `deliveryCities`). */
  cities: readonly string[];
  /** The slot plan (deliveryOptions' `slots`, taken slots already removed). */
  slots: DeliverySlots;
  /** Called with no errors left: go to 'Riepilogo ordine'. */
  onSubmit: (form: OrderFormData) => void;
  /** Messages from a server refusal (VALIDATION issues, CITY_NOT_SERVED), shown until edited. */
  serverErrors?: OrderFormErrors;
  /** A back action (close the full-screen form), when the screen offers one. */
  onBack?: () => void;
  /** Shown above the fields, e.g. the cart total; optional. */
  children?: ReactNode;
}

type SelectKey = string | number | null;

/** A react-aria Select of plain strings, with its label and error. */
function StringSelect(props: {
  label: string;
  placeholder: string;
  items: readonly string[];
  value: string | null;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <Select
      className="field df-select"
      value={props.value === '' ? null : props.value}
      onChange={(key: SelectKey) => {
        if (key !== null) props.onChange(String(key));
      }}
      isRequired
      isInvalid={props.error !== undefined}
      placeholder={props.placeholder}
    >
      <Label className="label">{props.label}</Label>
      <AriaButton className="df-select-button">
        <SelectValue className="df-select-value" />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      <FieldError className="field-error">{props.error}</FieldError>
      <Popover className="popover df-select-popover">
        <ListBox className="menu">
          {props.items.map((item) => (
            <ListBoxItem key={item} id={item} className="menu-item" textValue={item}>
              {item}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

/**
 * 'Completa ordine' (spec 2.10, 5): the delivery/pickup form. Controlled; validates through the
 * shared rules on submit (so it agrees with the server), then shows each field's message until
 * the form is valid. Changing the type clears address, city and notes.
 */
export function DeliveryForm({
  value: form,
  onChange,
  cities,
  slots,
  onSubmit,
  serverErrors,
  onBack,
  children,
}: DeliveryFormProps) {
  const [attempted, setAttempted] = useState(false);
  // Server messages stay until the person edits the form.
  const [serverShown, setServerShown] = useState<OrderFormErrors | undefined>(serverErrors);
  const [lastServer, setLastServer] = useState(serverErrors);
  if (serverErrors !== lastServer) {
    setLastServer(serverErrors);
    setServerShown(serverErrors);
  }
  const errors: OrderFormErrors = {
    ...serverShown,
    ...(attempted ? formErrors(form, cities, slots) : {}),
  };
  const edit = (next: OrderFormData) => {
    setServerShown(undefined);
    onChange(next);
  };
  const set = <K extends keyof OrderFormData>(key: K, v: OrderFormData[K]) => edit({ ...form, [key]: v });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    if (slots.closed) return;
    if (Object.keys(formErrors(form, cities, slots)).length === 0) onSubmit(form);
  };

  const consegna = form.deliveryOption === 'consegna';
  const asap = slots.asap;
  return (
    <form className="delivery-form" noValidate onSubmit={submit} aria-labelledby="df-title">
      <h2 id="df-title">{t.completeOrderStep}</h2>
      {children}
      {slots.closed ? (
        <p role="alert" className="field-error">
          {t.deliveryClosedToday}
        </p>
      ) : null}
      <FormField
        label={t.firstName}
        value={form.name}
        onChange={(v) => set('name', v)}
        isRequired
        error={errors.name}
        autoComplete="given-name"
      />
      <FormField
        label={t.lastName}
        value={form.surname}
        onChange={(v) => set('surname', v)}
        error={errors.surname}
        autoComplete="family-name"
      />
      <RadioGroup
        className="df-radios"
        value={form.deliveryOption === 'table' ? null : form.deliveryOption}
        onChange={(v) => edit(formEdits.type(form, v === 'consegna' ? 'consegna' : 'ritiro'))}
        isRequired
        isInvalid={errors.deliveryOption !== undefined}
        orientation="horizontal"
      >
        <Label className="label">{t.deliveryType}</Label>
        <div className="df-radio-row">
          <Radio value="ritiro" className="df-radio">
            {t.pickup}
          </Radio>
          <Radio value="consegna" className="df-radio">
            {t.delivery}
          </Radio>
        </div>
        <FieldError className="field-error">{errors.deliveryOption}</FieldError>
      </RadioGroup>
      {consegna ? (
        <>
          <FormField
            label={t.addressAndNumber}
            value={form.address}
            onChange={(v) => set('address', v)}
            isRequired
            error={errors.address}
            autoComplete="street-address"
          />
          <StringSelect
            label={t.city}
            placeholder={t.chooseCity}
            items={cities}
            value={form.city}
            onChange={(v) => set('city', v)}
            error={errors.city}
          />
        </>
      ) : null}
      <RadioGroup
        className="df-radios"
        value={form.timeOption}
        onChange={(v) => edit(formEdits.timeOption(form, v === 'asap' ? 'asap' : 'set'))}
        isRequired
        isInvalid={errors.timeOption !== undefined}
        isDisabled={slots.closed}
      >
        <Label className="label">{t.deliveryTimeOption}</Label>
        <Radio value="asap" className="df-radio" isDisabled={asap === null}>
          {asap ? tf.asapRange(asap[0], asap[1]) : t.asSoonAsPossible}
        </Radio>
        <Radio value="set" className="df-radio">
          {t.setTime}
        </Radio>
        <FieldError className="field-error">{errors.timeOption}</FieldError>
      </RadioGroup>
      {form.timeOption === 'set' ? (
        <StringSelect
          label={t.chooseSlot}
          placeholder={t.chooseSlot}
          items={slots.selectable}
          value={form.deliveryTime}
          onChange={(v) => set('deliveryTime', v)}
          error={errors.deliveryTime}
        />
      ) : null}
      <FormField
        label={t.phone}
        value={form.phoneNumber}
        onChange={(v) => edit(formEdits.phone(form, v))}
        error={errors.phoneNumber}
        inputMode="tel"
        autoComplete="tel"
      />
      <FormField
        label={t.email}
        type="email"
        value={form.email}
        onChange={(v) => set('email', v)}
        error={errors.email}
        autoComplete="email"
      />
      <FormField
        label={t.deliveryNotes}
        value={form.noteDelivery}
        onChange={(v) => set('noteDelivery', v)}
        maxLength={500}
        multiline
        error={errors.noteDelivery}
      />
      <div className="btn-row df-actions">
        {onBack ? (
          <Button variant="secondary" onPress={onBack}>
            {t.back}
          </Button>
        ) : null}
        <Button type="submit" variant="primary" isDisabled={slots.closed}>
          {t.orderSummary}
        </Button>
      </div>
    </form>
  );
}
