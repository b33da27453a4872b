import type { CartLine } from '@comanda/shared-schema';
import type { DeliveryOptions } from './delivery-checks.ts';

/** Test fixtures of the delivery checkout (imported by tests only): venue 'v1', Rome 19:00. */

/** The venue's answer to deliveryOptions: delivery 19:00-23:00, towns Avella and Baiano. */
export const deliveryOptions = (
  asap: [string, string],
  selectable: string[],
  fee = 250,
): DeliveryOptions => ({
  business: {
    openConsegna: '19:00',
    closeConsegna: '23:00',
    abilitaConsegna: 1,
    currentTime_db: '2026-11-22T18:00:00.000Z',
  },
  reservation: [],
  costoConsegna: fee,
  deliveryCities: ['Avella', 'Baiano'],
  slots: { closed: false, asap, selectable, serviceDate: '2026-11-22' },
});

/** Two Marinara: 10,00 €. */
export const twoMarinara: CartLine[] = [
  {
    id: 'd1',
    name: 'Marinara',
    price: 500,
    categoryId: 'c1',
    categoryName: 'Pizze',
    variants: [],
    amount: 2,
  },
];

/** A valid pickup 'Prima possibile', as the customer left it on the form. */
export const pickupForm = {
  deliveryOption: 'ritiro',
  deliveryTime: null,
  timeOption: 'asap',
  name: 'Anna',
  surname: '',
  phoneNumber: '',
  email: '',
  address: '',
  city: '',
  noteDelivery: '',
  costoConsegna: 250,
} as const;

/** The form in session storage (`dataClient`), with whatever else the test keeps beside it. */
export function storePickupForm(extra: Record<string, unknown> = {}): void {
  sessionStorage.setItem('dataClient', JSON.stringify({ ownerId: 'v1', ...extra, form: pickupForm }));
}
