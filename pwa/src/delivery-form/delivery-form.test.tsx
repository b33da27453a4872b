import { type DeliverySlots, type OrderFormData, t, tf } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeliveryForm } from './delivery-form.tsx';
import { emptyOrderForm, issuesToFormErrors } from './form-logic.ts';

afterEach(cleanup);

const CITIES = ['Baiano', 'Avella', 'Sperone'];
const SLOTS: DeliverySlots = {
  closed: false,
  asap: ['19:15', '19:30'],
  selectable: ['19:45', '20:00', '20:15'],
  serviceDate: '2026-11-22',
};

/** The form inside a parent that keeps its state, as the delivery screen will. */
function Harness(props: {
  initial?: Partial<OrderFormData>;
  slots?: DeliverySlots;
  onSubmit?: (form: OrderFormData) => void;
  serverErrors?: Parameters<typeof DeliveryForm>[0]['serverErrors'];
}) {
  const [form, setForm] = useState<OrderFormData>({ ...emptyOrderForm(250), ...props.initial });
  return (
    <>
      <DeliveryForm
        value={form}
        onChange={setForm}
        cities={CITIES}
        slots={props.slots ?? SLOTS}
        onSubmit={props.onSubmit ?? (() => {})}
        serverErrors={props.serverErrors}
      />
      <output data-testid="state">{JSON.stringify(form)}</output>
    </>
  );
}

const state = (): OrderFormData => JSON.parse(screen.getByTestId('state').textContent ?? '{}');
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: t.orderSummary }));
  });
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const radio = (name: string | RegExp) => fireEvent.click(screen.getByRole('radio', { name }));

/** Pick an option of a react-aria Select: open it from the keyboard, then press the option. */
async function choose(label: string, option: string) {
  const trigger = screen.getByRole('button', { name: new RegExp(label) });
  await act(async () => {
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    fireEvent.keyUp(trigger, { key: 'ArrowDown' });
  });
  const listbox = await screen.findByRole('listbox');
  await act(async () => {
    fireEvent.click(within(listbox).getByRole('option', { name: option }));
  });
}

describe("'Completa ordine' form", () => {
  it('shows the required messages from the shared rules and does not go on', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    expect(screen.getByRole('heading', { name: t.completeOrderStep })).toBeTruthy();
    await submit();
    // Nome, the type and the time option.
    expect(screen.getAllByText(t.requiredField)).toHaveLength(3);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for address and Comune only for Consegna, and a slot only for Imposta orario', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    expect(screen.queryByRole('textbox', { name: t.addressAndNumber })).toBeNull();
    type(t.firstName, 'Lucia');
    radio(t.delivery);
    radio(t.setTime);
    await submit();
    // Address, city, slot.
    expect(screen.getAllByText(t.requiredField)).toHaveLength(3);
    type(t.addressAndNumber, 'Via Roma 1');
    await choose(t.city, 'Avella');
    await choose(t.chooseSlot, '20:00');
    expect(screen.queryByText(t.requiredField)).toBeNull();
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      name: 'Lucia',
      deliveryOption: 'consegna',
      address: 'Via Roma 1',
      city: 'Avella',
      timeOption: 'set',
      deliveryTime: '20:00',
      costoConsegna: 250,
    });
  });

  it("offers 'Prima possibile' with the first two slots' range and sends a Ritiro without address", async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    type(t.firstName, 'Mario');
    radio(t.pickup);
    radio(tf.asapRange('19:15', '19:30'));
    await submit();
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      deliveryOption: 'ritiro',
      timeOption: 'asap',
      deliveryTime: null,
      address: '',
      city: '',
    });
  });

  it("disables 'Prima possibile' when the slot plan offers no range", () => {
    render(<Harness slots={{ ...SLOTS, asap: null }} />);
    expect(screen.getByRole('radio', { name: t.asSoonAsPossible }).hasAttribute('disabled')).toBe(true);
  });

  it('changing the type clears address, city and notes', async () => {
    render(
      <Harness
        initial={{
          deliveryOption: 'consegna',
          address: 'Via Roma 1',
          city: 'Avella',
          noteDelivery: 'citofono',
        }}
      />,
    );
    radio(t.pickup);
    expect(state()).toMatchObject({ deliveryOption: 'ritiro', address: '', city: '', noteDelivery: '' });
  });

  it('keeps only digits in the phone, which is optional', async () => {
    const onSubmit = vi.fn();
    render(
      <Harness
        onSubmit={onSubmit}
        initial={{ name: 'Anna', deliveryOption: 'ritiro', timeOption: 'asap' }}
      />,
    );
    type(t.phone, '+39 333-12a4');
    expect(state().phoneNumber).toBe('39333124');
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('refuses a malformed e-mail as the server would', async () => {
    const onSubmit = vi.fn();
    render(
      <Harness
        onSubmit={onSubmit}
        initial={{ name: 'Anna', deliveryOption: 'ritiro', timeOption: 'asap', email: 'anna@' }}
      />,
    );
    await submit();
    expect(screen.getByText(t.invalidEmail)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('flags a chosen slot the refreshed plan no longer offers', async () => {
    const onSubmit = vi.fn();
    render(
      <Harness
        onSubmit={onSubmit}
        initial={{ name: 'Anna', deliveryOption: 'ritiro', timeOption: 'set', deliveryTime: '21:00' }}
      />,
    );
    await submit();
    expect(screen.getByText(t.slotNoLongerOffered)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says the venue is closed and cannot go on when the plan is closed', async () => {
    const onSubmit = vi.fn();
    render(
      <Harness
        onSubmit={onSubmit}
        slots={{ ...SLOTS, closed: true, asap: null, selectable: [] }}
        initial={{ name: 'Anna', deliveryOption: 'ritiro' }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(t.deliveryClosedToday);
    expect(screen.getByRole('button', { name: t.orderSummary }).hasAttribute('disabled')).toBe(true);
  });

  it("shows the server's field issues until the person edits", async () => {
    const serverErrors = issuesToFormErrors([{ path: 'comune', message: t.cityNotServed }]);
    render(<Harness serverErrors={serverErrors} initial={{ deliveryOption: 'consegna', city: 'Avella' }} />);
    expect(screen.getByText(t.cityNotServed)).toBeTruthy();
    type(t.addressAndNumber, 'Via Roma 2');
    expect(screen.queryByText(t.cityNotServed)).toBeNull();
  });
});
