import { t, tf } from '@comanda/shared-schema';
import { useEffect, useState } from 'react';
import { Input, Label, TextField } from 'react-aria-components';
import { Button } from '../components/button.tsx';
import { checkTypedPrice } from './money-entry.ts';
import { MoneyStepper } from './money-stepper.tsx';
import {
  amountMinusDisabled,
  parseMobileAmount,
  priceMinusDisabled,
  stepAmount,
  stepPrice,
} from './order-logic.ts';

/** Desktop quantity: minus (disabled at 1 or less, spec 5), the amount, plus. */
export function AmountStepper({
  name,
  amount,
  onChange,
}: {
  name: string;
  amount: number;
  onChange: (amount: number) => void;
}) {
  return (
    <div className="ov-stepper">
      <Button
        variant="secondary"
        aria-label={tf.forDish(t.decreaseQuantity, name)}
        isDisabled={amountMinusDisabled(amount)}
        onPress={() => onChange(stepAmount(amount, -1))}
      >
        −
      </Button>
      <output aria-label={tf.amountOf(name)}>{amount}</output>
      <Button
        variant="secondary"
        aria-label={tf.forDish(t.increaseQuantity, name)}
        onPress={() => onChange(stepAmount(amount, 1))}
      >
        +
      </Button>
    </div>
  );
}

/** Mobile quantity: a number input; a '-' or a zero resets it to 1 (spec 5). */
export function MobileAmountInput({
  name,
  amount,
  onChange,
}: {
  name: string;
  amount: number;
  onChange: (amount: number) => void;
}) {
  const [draft, setDraft] = useState(String(amount));
  useEffect(() => setDraft(String(amount)), [amount]);
  return (
    <TextField
      className="ov-amount-field"
      value={draft}
      inputMode="numeric"
      onChange={(text) => {
        // Let the field be emptied while typing; a '-' or a zero resets to 1 at once.
        if (text === '') return setDraft('');
        const next = parseMobileAmount(text);
        setDraft(String(next));
        if (next !== amount) onChange(next);
      }}
      onBlur={() => {
        if (draft === '') {
          setDraft('1');
          if (amount !== 1) onChange(1);
        }
      }}
    >
      <Label className="ov-sr-only">{tf.amountOf(name)}</Label>
      <Input />
    </TextField>
  );
}

/**
 * Price: minus (disabled at 0, spec 5), the price, plus; steps of 0,50 €, or typed to the cent
 * ('12,50'), never below 0.
 */
export function PriceStepper({
  name,
  price,
  onChange,
}: {
  name: string;
  price: number;
  onChange: (price: number) => void;
}) {
  return (
    <MoneyStepper
      label={tf.forDish(t.columnPrice, name)}
      decreaseLabel={tf.forDish(t.menuDecreasePrice, name)}
      increaseLabel={tf.forDish(t.menuIncreasePrice, name)}
      cents={price}
      minusDisabled={priceMinusDisabled(price)}
      onStep={(dir) => onChange(stepPrice(price, dir))}
      check={checkTypedPrice}
      onCommit={onChange}
    />
  );
}
