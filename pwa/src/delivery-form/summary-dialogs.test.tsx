import { type CartLine, cardCharge, formatEuro, type OrderFormData, t, tf } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyOrderForm } from './form-logic.ts';
import { OrderSummary, summaryTotals } from './order-summary.tsx';
import { RefusalDialog, refusalDialogFor, refusalMessage } from './refusal-dialogs.tsx';

afterEach(cleanup);

const LINES: CartLine[] = [
  {
    id: 'd1',
    name: 'Margherita',
    price: 600,
    categoryId: 'c1',
    categoryName: 'Pizze',
    amount: 2,
    note: 'ben cotta',
    variants: [
      {
        id: 'v1',
        name: 'Formato',
        multi: 0,
        position: 0,
        options: [{ id: 'o1', label: 'Maxi', price: 200 }],
        selected: { id: 'o1', label: 'Maxi', price: 200 },
      },
    ],
  },
  {
    id: 'd2',
    name: 'Coca Cola',
    price: 250,
    categoryId: 'c2',
    categoryName: 'Bibite',
    amount: 1,
    variants: [],
  },
  { id: 'd3', name: 'Tolta', price: 900, categoryId: 'c2', categoryName: 'Bibite', amount: 0, variants: [] },
];

const CONSEGNA: OrderFormData = {
  ...emptyOrderForm(300),
  deliveryOption: 'consegna',
  timeOption: 'set',
  deliveryTime: '20:15',
  name: 'Lucia',
  surname: 'Bianchi',
  phoneNumber: '3331234567',
  email: 'lucia@example.com',
  address: 'Via Roma 1',
  city: 'Avella',
  noteDelivery: 'citofono rotto',
};

function renderSummary(form = CONSEGNA, extra: Partial<Parameters<typeof OrderSummary>[0]> = {}) {
  const props = { onBack: vi.fn(), onSend: vi.fn() };
  render(
    <OrderSummary
      form={form}
      lines={LINES}
      costoConsegna={300}
      asap={['19:15', '19:30']}
      {...props}
      {...extra}
    />,
  );
  return props;
}

describe("'Riepilogo ordine'", () => {
  it('shows type, Orario, name with surname, phone, address, city, e-mail and notes', () => {
    renderSummary();
    const text = screen.getByRole('region', { name: t.orderSummary }).textContent ?? '';
    for (const part of [
      t.delivery,
      '20:15',
      'Lucia Bianchi',
      '3331234567',
      'Via Roma 1',
      'Avella',
      'lucia@example.com',
      'citofono rotto',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('lists the lines sent with badge, line total, variants and note, and totals with the fee', () => {
    renderSummary();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('2Margherita16,00 €');
    expect(items[0]?.textContent).toContain('Formato: Maxi');
    expect(items[0]?.textContent).toContain('ben cotta');
    const text = screen.getByRole('region', { name: t.orderSummary }).textContent ?? '';
    expect(text).toContain(`${t.rowSubtotal}18,50 €`);
    expect(text).toContain(`${t.rowDeliveryCost}3,00 €`);
    expect(text).toContain(`${t.orderTotal}21,50 €`);
    expect(summaryTotals(LINES, 'consegna', 300)).toEqual({
      subtotal: 1850,
      fee: 300,
      serviceFee: 0,
      total: 2150,
    });
  });

  it('a Ritiro has no fee, no address and shows the asap range', () => {
    renderSummary({
      ...CONSEGNA,
      deliveryOption: 'ritiro',
      address: '',
      city: '',
      noteDelivery: '',
      timeOption: 'asap',
      deliveryTime: null,
    });
    const text = screen.getByRole('region', { name: t.orderSummary }).textContent ?? '';
    expect(text).toContain(t.pickup);
    expect(text).toContain(tf.asapRange('19:15', '19:30'));
    expect(text).not.toContain(t.rowDeliveryCost);
    expect(text).not.toContain(t.addressAndNumber);
    expect(text).not.toContain(t.deliveryNotes);
    expect(text).toContain(`${t.orderTotal}18,50 €`);
  });

  it("'Indietro' and 'Invia ordine' call back; no payment choice unless offered; sending waits", () => {
    const props = renderSummary();
    expect(screen.queryByRole('button', { name: t.goToPayment })).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: t.paymentMethod })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t.back }));
    fireEvent.click(screen.getByRole('button', { name: t.sendOrder }));
    expect(props.onBack).toHaveBeenCalledTimes(1);
    expect(props.onSend).toHaveBeenCalledTimes(1);
    cleanup();
    renderSummary(CONSEGNA, { sending: true, message: t.deliveryFeeChanged });
    expect(screen.getByRole('button', { name: t.sendOrder }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe(t.deliveryFeeChanged);
  });
});

describe('the payment choice', () => {
  const offered = (payWith: 'carta' | 'cassa') => ({ payWith, onPayWith: vi.fn(), onGoToPayment: vi.fn() });

  it("cassa: the choice, no service costs, the plain total and 'Invia ordine'", () => {
    const extra = offered('cassa');
    renderSummary(CONSEGNA, extra);
    const choice = screen.getByRole('radiogroup', { name: t.paymentMethod });
    expect(within(choice).getByRole('radio', { name: t.payAtCounter })).toHaveProperty('checked', true);
    expect(within(choice).getByRole('radio', { name: t.payByCard })).toHaveProperty('checked', false);
    const text = screen.getByRole('region', { name: t.orderSummary }).textContent ?? '';
    expect(text).not.toContain(t.rowServiceCosts);
    expect(text).toContain(`${t.orderTotal}21,50 €`);
    expect(screen.queryByRole('button', { name: t.goToPayment })).toBeNull();
    fireEvent.click(within(choice).getByRole('radio', { name: t.payByCard }));
    expect(extra.onPayWith).toHaveBeenCalledWith('carta');
  });

  it("carta: 'Costi di servizio' of spec 9 in the total and 'Vai al pagamento' instead of 'Invia ordine'", () => {
    const extra = offered('carta');
    const props = renderSummary(CONSEGNA, extra);
    const charge = cardCharge(2150);
    expect(charge).toEqual({ amount: 2150, fee: 143, total: 2293 });
    const text = screen.getByRole('region', { name: t.orderSummary }).textContent ?? '';
    expect(text).toContain(`${t.rowDeliveryCost}3,00 €`);
    expect(text).toContain(`${t.rowServiceCosts} i${formatEuro(charge.fee)}`);
    expect(text).toContain(`${t.orderTotal}${formatEuro(charge.total)}`);
    expect(screen.queryByRole('button', { name: t.sendOrder })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t.goToPayment }));
    expect(extra.onGoToPayment).toHaveBeenCalledTimes(1);
    expect(props.onSend).not.toHaveBeenCalled();
    expect(summaryTotals(LINES, 'ritiro', 300, 'carta')).toEqual({
      subtotal: 1850,
      fee: 0,
      serviceFee: cardCharge(1850).fee,
      total: cardCharge(1850).total,
    });
  });

  it("the info button opens what the service costs are, and 'Chiudi' closes it", async () => {
    renderSummary(CONSEGNA, offered('carta'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: t.serviceCostsInfoButton }));
    });
    const dialog = await screen.findByRole('dialog', { name: t.rowServiceCosts });
    expect(dialog.textContent).toContain(t.serviceCostsInfo);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: t.close }));
    });
    expect(screen.queryByRole('dialog', { name: t.rowServiceCosts })).toBeNull();
  });

  it('while sending, the choice and both actions wait', () => {
    renderSummary(CONSEGNA, { ...offered('carta'), sending: true });
    expect(screen.getByRole('button', { name: t.goToPayment }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('radio', { name: t.payAtCounter }).hasAttribute('disabled')).toBe(true);
  });
});

describe('send-time refusal dialogs', () => {
  it('maps the codes to dialogs and inline messages', () => {
    expect(refusalDialogFor('SLOT_TAKEN')).toBe('slotTaken');
    expect(refusalDialogFor('DELIVERY_DISABLED')).toBe('deliveryDisabled');
    expect(refusalDialogFor('VENUE_CLOSED')).toBeNull();
    expect(refusalMessage('FEE_CHANGED')).toBe(t.deliveryFeeChanged);
    expect(refusalMessage('VENUE_CLOSED')).toBe(t.deliveryClosedToday);
    expect(refusalMessage('CITY_NOT_SERVED')).toBe(t.cityNotServed);
    expect(refusalMessage('dish_error')).toBeUndefined();
  });

  it("SLOT_TAKEN: 'Ops! L'orario scelto è già occupato.' with 'scegli un altro orario'", async () => {
    const onChooseAnotherTime = vi.fn();
    const onGoBack = vi.fn();
    render(<RefusalDialog code="SLOT_TAKEN" onChooseAnotherTime={onChooseAnotherTime} onGoBack={onGoBack} />);
    const dialog = await screen.findByRole('alertdialog', { name: t.slotTakenTitle });
    expect(dialog.textContent).toContain(t.chooseNewTimeRequest);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: t.chooseAnotherTime }));
    });
    expect(onChooseAnotherTime).toHaveBeenCalledTimes(1);
    expect(onGoBack).not.toHaveBeenCalled();
  });

  it("DELIVERY_DISABLED: 'Ops! Il gestore ha appena disabilitato la consegna' with 'torna indietro'", async () => {
    const onGoBack = vi.fn();
    render(<RefusalDialog code="DELIVERY_DISABLED" onChooseAnotherTime={() => {}} onGoBack={onGoBack} />);
    expect(await screen.findByRole('alertdialog', { name: t.deliveryDisabledTitle })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: t.goBack }));
    });
    expect(onGoBack).toHaveBeenCalledTimes(1);
  });

  it('opens no dialog for other codes', () => {
    render(<RefusalDialog code="VENUE_CLOSED" onChooseAnotherTime={() => {}} onGoBack={() => {}} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
