import { DELIVERY_CITIES } from '../constants.ts';
import type { OrderFormData, Tipo } from '../entities.ts';
import { t } from '../texts.ts';
import { digitsOnly, isHhmm } from './validation.ts';

/**
 * The delivery/pickup form (spec 5) and its mapping to the order fields (spec 3). Pure, so the
 * form, the summary and the server read the same rules.
 */
export type OrderFormErrors = Partial<Record<keyof OrderFormData, string>>;

/**
 * Every message of the form at once; an empty object means it can go to the summary. `cities`
 * is the venue's list (`deliveryOptions` answers it as `deliveryCities`); the spec's list by default.
 */
export function checkOrderForm(
  form: OrderFormData,
  cities: readonly string[] = DELIVERY_CITIES,
): OrderFormErrors {
  const errors: OrderFormErrors = {};
  if (form.name.trim() === '') errors.name = t.requiredField;
  if (form.deliveryOption !== 'ritiro' && form.deliveryOption !== 'consegna')
    errors.deliveryOption = t.requiredField;
  if (form.deliveryOption === 'consegna') {
    if (form.address.trim() === '') errors.address = t.requiredField;
    if (form.city.trim() === '') errors.city = t.requiredField;
    else if (!servedCity(cities, form.city)) errors.city = t.cityNotServed;
  }
  if (form.timeOption === null) errors.timeOption = t.requiredField;
  if (form.timeOption === 'set' && (form.deliveryTime === null || !isHhmm(form.deliveryTime))) {
    errors.deliveryTime = t.requiredField;
  }
  return errors;
}

/**
 * The venue's spelling of a city it serves, or undefined: trimmed and compared without regard to
 * case, so 'avella ' finds 'Avella'. The server stores the venue's spelling.
 */
export function servedCity(cities: readonly string[], city: string): string | undefined {
  const wanted = city.trim().toLocaleLowerCase('it');
  if (wanted === '') return undefined;
  return cities.find((c) => c.trim().toLocaleLowerCase('it') === wanted);
}

/** Changing the type clears address, city and notes (spec 5). */
export function changeDeliveryType(
  form: OrderFormData,
  deliveryOption: OrderFormData['deliveryOption'],
): OrderFormData {
  return { ...form, deliveryOption, address: '', city: '', noteDelivery: '' };
}

export interface OrderFields {
  tipo: Tipo;
  orario: string;
  nome: string;
  cognome: string;
  telefono: string;
  email: string;
  indirizzo: string;
  comune: string;
  noteConsegna: string;
  /** 'Prima possibile': the server assigns the first free slot and answers it as orario. */
  primaPossibile: boolean;
}

/**
 * Form data to the order's fields (spec 3). `orario` is the chosen slot; with 'Prima possibile'
 * the caller passes the start of the asap range. The delivery fee applies only to consegna.
 */
export function toOrderFields(form: OrderFormData, orario: string): OrderFields {
  const consegna = form.deliveryOption === 'consegna';
  return {
    tipo: consegna ? 'Consegna' : 'Ritiro',
    orario,
    nome: form.name.trim(),
    cognome: form.surname.trim(),
    telefono: digitsOnly(form.phoneNumber),
    email: form.email.trim(),
    indirizzo: consegna ? form.address.trim() : '',
    comune: consegna ? form.city.trim() : '',
    noteConsegna: form.noteDelivery.trim(),
    primaPossibile: form.timeOption === 'asap',
  };
}

/** Delivery fee (cents) for this form: costoConsegna only for consegna (spec 9). */
export function deliveryFee(deliveryOption: OrderFormData['deliveryOption'], costoConsegna: number): number {
  return deliveryOption === 'consegna' ? costoConsegna : 0;
}
