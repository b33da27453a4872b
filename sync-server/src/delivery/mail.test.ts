import { orderBill, type ReservationLine, type TableOrder } from '@comanda/shared-schema';
import { describe, expect, it } from 'vitest';
import { deliveryAcceptedMail } from './mail.ts';

const line = (
  id: string,
  name: string,
  price: number,
  amount: number,
  status = 'preparation',
): ReservationLine =>
  ({
    id,
    deliveryId: 'd1',
    dishId: null,
    name,
    price,
    amount,
    variant: [],
    note: null,
    selected_option: 'cucina',
    status,
    printed: 0,
    accettato: 1,
    lastUpdate: '2025-07-15T18:00:00.000Z',
  }) as ReservationLine;

const delivery = (extra: Partial<TableOrder> = {}): TableOrder => ({
  id: 'd1',
  deliveryId: 'd1',
  tipo: 'Consegna',
  nome: 'Lucia',
  email: 'lucia@example.it',
  orario: '20:30',
  accettato: 1,
  isCalled: false,
  businessId: 'b1',
  status: 1,
  costoConsegna: 250,
  reservations: [
    line('l1', 'Diavola', 700, 2),
    line('l2', 'Coca', 300, 1),
    line('l3', 'Birra', 450, 2, 'owner_deleted'),
  ],
  ...extra,
});

describe('deliveryAcceptedMail: the totals of the one rule', () => {
  it('lines, the delivery fee and TOTALE as the order view shows them; deleted lines left out', () => {
    const text = deliveryAcceptedMail(delivery(), 'Trattoria Demo')?.text ?? '';
    expect(text).toContain('Subtotale: 17,00 €');
    expect(text).toContain('Costo consegna: 2,50 €');
    expect(text).toContain('TOTALE: 19,50 €');
    expect(text).not.toContain('Birra');
    expect(text).not.toContain('Sconto');
  });

  it('a discount given before the mail leaves: Sconto and NUOVO TOTALE, as on every screen', () => {
    const entry = delivery({ sconto: 400 });
    const text = deliveryAcceptedMail(entry, 'Trattoria Demo')?.text ?? '';
    expect(orderBill(entry, entry.reservations).newTotal).toBe(1550);
    expect(text).toContain('Sconto: -4,00 €');
    expect(text).toContain('NUOVO TOTALE: 15,50 €');
  });

  it('a pickup pays no delivery fee, whatever the order row holds', () => {
    const text = deliveryAcceptedMail(delivery({ tipo: 'Ritiro' }), 'Trattoria Demo')?.text ?? '';
    expect(text).not.toContain('Costo consegna');
    expect(text).toContain('TOTALE: 17,00 €');
  });
});
