import { describe, expect, it } from 'vitest';
import type { OrderFormData } from '../entities.ts';
import { changeDeliveryType, checkOrderForm, deliveryFee, servedCity, toOrderFields } from './order-form.ts';

const base: OrderFormData = {
  deliveryOption: 'consegna',
  deliveryTime: '20:15',
  timeOption: 'set',
  name: ' Mario ',
  surname: 'Rossi',
  phoneNumber: '333 123',
  email: 'mario@example.com',
  address: 'Via Roma 1',
  city: 'Baiano',
  noteDelivery: 'citofono Rossi',
  costoConsegna: 250,
};

describe('checkOrderForm', () => {
  it('passes a complete delivery form', () => {
    expect(checkOrderForm(base)).toEqual({});
  });

  it("requires name, type and time option with 'Campo obbligatorio'", () => {
    expect(checkOrderForm({ ...base, name: '  ', deliveryOption: null, timeOption: null })).toEqual({
      name: 'Campo obbligatorio',
      deliveryOption: 'Campo obbligatorio',
      timeOption: 'Campo obbligatorio',
    });
  });

  it("refuses 'table' as a delivery/pickup type", () => {
    expect(checkOrderForm({ ...base, deliveryOption: 'table' })).toEqual({
      deliveryOption: 'Campo obbligatorio',
    });
  });

  it('requires address and city for consegna only', () => {
    expect(checkOrderForm({ ...base, address: ' ', city: '' })).toEqual({
      address: 'Campo obbligatorio',
      city: 'Campo obbligatorio',
    });
    expect(checkOrderForm({ ...base, deliveryOption: 'ritiro', address: '', city: '' })).toEqual({});
  });

  it('accepts only the delivery cities', () => {
    expect(checkOrderForm({ ...base, city: 'Mugnano del Cardinale' })).toEqual({});
    expect(checkOrderForm({ ...base, city: 'Napoli' })).toEqual({ city: 'Comune non servito' });
  });

  it("checks the city against the venue's own list, whatever the case", () => {
    const cities = ['Napoli', 'Pozzuoli'];
    expect(checkOrderForm({ ...base, city: 'napoli ' }, cities)).toEqual({});
    expect(checkOrderForm({ ...base, city: 'Baiano' }, cities)).toEqual({ city: 'Comune non servito' });
    expect(checkOrderForm({ ...base, city: 'Baiano' }, [])).toEqual({ city: 'Comune non servito' });
    expect(servedCity(cities, ' POZZUOLI')).toBe('Pozzuoli');
    expect(servedCity(cities, '')).toBeUndefined();
  });

  it("needs a time with 'Imposta orario', none with 'Prima possibile'", () => {
    expect(checkOrderForm({ ...base, deliveryTime: null })).toEqual({ deliveryTime: 'Campo obbligatorio' });
    expect(checkOrderForm({ ...base, timeOption: 'asap', deliveryTime: null })).toEqual({});
  });

  it('does not require the phone', () => {
    expect(checkOrderForm({ ...base, phoneNumber: '' })).toEqual({});
  });
});

describe('changeDeliveryType', () => {
  it('clears address, city and notes', () => {
    const next = changeDeliveryType(base, 'ritiro');
    expect(next).toMatchObject({
      deliveryOption: 'ritiro',
      address: '',
      city: '',
      noteDelivery: '',
      name: ' Mario ',
    });
    expect(base.address).toBe('Via Roma 1');
  });
});

describe('toOrderFields and deliveryFee', () => {
  it('maps the form to the order fields', () => {
    expect(toOrderFields(base, '20:15')).toEqual({
      tipo: 'Consegna',
      orario: '20:15',
      nome: 'Mario',
      cognome: 'Rossi',
      telefono: '333123',
      email: 'mario@example.com',
      indirizzo: 'Via Roma 1',
      comune: 'Baiano',
      noteConsegna: 'citofono Rossi',
      primaPossibile: false,
    });
    expect(toOrderFields({ ...base, timeOption: 'asap' }, '20:15').primaPossibile).toBe(true);
  });

  it('drops the address for a pickup', () => {
    expect(toOrderFields({ ...base, deliveryOption: 'ritiro' }, '19:00')).toMatchObject({
      tipo: 'Ritiro',
      indirizzo: '',
      comune: '',
    });
  });

  it('adds the delivery fee only for consegna', () => {
    expect(deliveryFee('consegna', 250)).toBe(250);
    expect(deliveryFee('ritiro', 250)).toBe(0);
    expect(deliveryFee('table', 250)).toBe(0);
  });
});
