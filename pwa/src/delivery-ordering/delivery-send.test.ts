import { afterEach, describe, expect, it } from 'vitest';
import {
  awaitsAnswer,
  type DeliveryOrderBody,
  deliveryAttemptFor,
  dropDeliveryAttempt,
  patchDataClient,
  pendingDeliveryAttempt,
  readDataClient,
  readStoredForm,
  recordIntent,
  writeStoredForm,
} from './delivery-send.ts';

const body = (over: Partial<DeliveryOrderBody> = {}): Omit<DeliveryOrderBody, 'deliveryId'> => ({
  tipo: 'Ritiro',
  orario: '20:00',
  nome: 'Anna',
  primaPossibile: false,
  cart: [
    {
      id: 'd1',
      name: 'Marinara',
      price: 500,
      categoryId: 'c1',
      categoryName: 'Pizze',
      variants: [],
      amount: 1,
    },
  ],
  ownerId: 'v1',
  costoConsegna: 0,
  ...over,
});

let n = 0;
const ids = () => `id-${++n}`;

afterEach(() => {
  sessionStorage.clear();
  n = 0;
});

describe('a delivery send attempt', () => {
  it('is reused for the very same order, whatever the socket, so a retry stores one order', () => {
    const first = deliveryAttemptFor('v1', body({ socketId: 'sock-a' }), ids);
    const again = deliveryAttemptFor('v1', body({ socketId: 'sock-b' }), ids);
    expect(again.key).toBe(first.key);
    expect(again.body.deliveryId).toBe(first.body.deliveryId);
    // The stored attempt resends its own bytes, the socket id it was made with included.
    expect(again.body.socketId).toBe('sock-a');
    expect(pendingDeliveryAttempt('v1')?.key).toBe(first.key);
    expect(pendingDeliveryAttempt('v2')).toBeNull();
  });

  it('is new when the order changed (another slot after a refusal) or after an answer', () => {
    const first = deliveryAttemptFor('v1', body(), ids);
    const other = deliveryAttemptFor('v1', body({ orario: '20:15' }), ids);
    expect(other.key).not.toBe(first.key);
    expect(other.body.deliveryId).not.toBe(first.body.deliveryId);
    dropDeliveryAttempt();
    expect(pendingDeliveryAttempt('v1')).toBeNull();
    expect(deliveryAttemptFor('v1', body({ orario: '20:15' }), ids).key).not.toBe(other.key);
  });

  it('survives a reload: it lives in session storage', () => {
    const first = deliveryAttemptFor('v1', body(), ids);
    expect(JSON.parse(sessionStorage.getItem('deliveryAttempt') ?? '{}').key).toBe(first.key);
  });
});

describe('a card send attempt', () => {
  const intent = {
    deliveryId: 'id-2',
    paymentIntentId: 'pi_1',
    clientSecret: 'pi_1_secret_x',
    accountId: 'acct_1',
    amounts: { netAmount: 500, serviceFee: 57, totalAmount: 557 },
  };

  it('is another order than the cassa send of the same cart: its own key and deliveryId', () => {
    const cassa = deliveryAttemptFor('v1', body(), ids);
    const carta = deliveryAttemptFor('v1', body(), ids, 'carta');
    expect(carta.method).toBe('carta');
    expect(carta.key).not.toBe(cassa.key);
    expect(carta.body.deliveryId).not.toBe(cassa.body.deliveryId);
    expect(deliveryAttemptFor('v1', body({ socketId: 's' }), ids, 'carta').key).toBe(carta.key);
  });

  it('keeps its intent once answered: the order awaits payment, not an answer', () => {
    const carta = deliveryAttemptFor('v1', body(), ids, 'carta');
    expect(awaitsAnswer(pendingDeliveryAttempt('v1'))).toBe(true);
    recordIntent(carta, intent);
    expect(pendingDeliveryAttempt('v1')?.intent).toEqual(intent);
    expect(awaitsAnswer(pendingDeliveryAttempt('v1'))).toBe(false);
    // The same order again: the same attempt, intent and all.
    expect(deliveryAttemptFor('v1', body(), ids, 'carta').intent).toEqual(intent);
  });
});

describe('the stored form (dataClient)', () => {
  it('keeps the payment choice and the card session beside the form', () => {
    const form = {
      deliveryOption: 'ritiro' as const,
      deliveryTime: null,
      timeOption: 'asap' as const,
      name: 'Anna',
      surname: '',
      phoneNumber: '',
      email: '',
      address: '',
      city: '',
      noteDelivery: '',
      costoConsegna: 250,
    };
    // Nothing to patch before a form exists.
    patchDataClient('v1', 'dataClient', { payWith: 'carta' });
    expect(readDataClient('v1', 'dataClient')).toBeNull();
    writeStoredForm('v1', 'dataClient', form);
    patchDataClient('v1', 'dataClient', { payWith: 'carta' });
    writeStoredForm('v1', 'dataClient', { ...form, name: 'Bruno' });
    expect(readDataClient('v1', 'dataClient')).toMatchObject({ payWith: 'carta', form: { name: 'Bruno' } });
    patchDataClient('v1', 'dataClient', null);
    expect(sessionStorage.getItem('dataClient')).toBeNull();
  });

  it('is kept per venue and removed after the order', () => {
    const form = {
      deliveryOption: 'ritiro' as const,
      deliveryTime: null,
      timeOption: 'asap' as const,
      name: 'Anna',
      surname: '',
      phoneNumber: '',
      email: '',
      address: '',
      city: '',
      noteDelivery: '',
      costoConsegna: 250,
    };
    writeStoredForm('v1', 'dataClient', form);
    expect(readStoredForm('v1', 'dataClient')).toEqual(form);
    expect(readStoredForm('v2', 'dataClient')).toBeNull();
    writeStoredForm('v1', 'dataClient', null);
    expect(readStoredForm('v1', 'dataClient')).toBeNull();
  });
});
