import {
  changeDeliveryType,
  checkOrderForm,
  DeliveryOrderShape,
  type DeliverySlots,
  digitsOnly,
  type OrderFormData,
  type OrderFormErrors,
  t,
} from '@comanda/shared-schema';

/** A blank form for a venue; the fee is the one deliveryOptions answered (cents). */
export function emptyOrderForm(costoConsegna = 0): OrderFormData {
  return {
    deliveryOption: null,
    deliveryTime: null,
    timeOption: null,
    name: '',
    surname: '',
    phoneNumber: '',
    email: '',
    address: '',
    city: '',
    noteDelivery: '',
    costoConsegna,
  };
}

/**
 * Every message of the form: the shared rules (checkOrderForm, the same the server runs) plus the
 * e-mail's shape, which the server checks through the wire schema, and a slot no longer offered
 * (the slot list was refreshed after it was chosen).
 */
export function formErrors(
  form: OrderFormData,
  cities: readonly string[],
  slots: DeliverySlots,
): OrderFormErrors {
  const errors = checkOrderForm(form, cities);
  if (!DeliveryOrderShape.shape.email.safeParse(form.email.trim()).success) errors.email = t.invalidEmail;
  if (form.timeOption === 'asap' && slots.asap === null) errors.timeOption = t.asapNoLongerOffered;
  if (
    form.timeOption === 'set' &&
    form.deliveryTime !== null &&
    errors.deliveryTime === undefined &&
    !slots.selectable.includes(form.deliveryTime)
  ) {
    errors.deliveryTime = t.slotNoLongerOffered;
  }
  return errors;
}

/** Field edits as pure steps, so the component stays a thin view over them. */
export const formEdits = {
  type: (form: OrderFormData, option: 'ritiro' | 'consegna'): OrderFormData =>
    option === form.deliveryOption ? form : changeDeliveryType(form, option),
  phone: (form: OrderFormData, typed: string): OrderFormData => ({
    ...form,
    // Spec 5: the phone keeps only digits (the wire schema allows at most 20).
    phoneNumber: digitsOnly(typed).slice(0, 20),
  }),
  timeOption: (form: OrderFormData, option: 'asap' | 'set'): OrderFormData => ({
    ...form,
    timeOption: option,
    // A slot picked before stays only for 'Imposta orario'; 'Prima possibile' carries none.
    deliveryTime: option === 'asap' ? null : form.deliveryTime,
  }),
};

/** Server refusal issues (wire paths) onto the form's fields, for a VALIDATION answer. */
const ISSUE_FIELD: Record<string, keyof OrderFormData> = {
  nome: 'name',
  cognome: 'surname',
  telefono: 'phoneNumber',
  email: 'email',
  indirizzo: 'address',
  comune: 'city',
  noteConsegna: 'noteDelivery',
  orario: 'deliveryTime',
  tipo: 'deliveryOption',
  primaPossibile: 'timeOption',
};

export function issuesToFormErrors(
  issues: ReadonlyArray<{ path: string; message: string }>,
): OrderFormErrors {
  const errors: OrderFormErrors = {};
  for (const issue of issues) {
    const field = ISSUE_FIELD[issue.path.split('.')[0] ?? ''];
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
