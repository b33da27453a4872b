import { formatAmount } from '@comanda/shared-schema';
import { useEffect, useState } from 'react';
import { FieldError, Input, type KeyboardEvent, Label, TextField } from 'react-aria-components';
import { Button } from '../components/button.tsx';
import type { MoneyCheck } from './money-entry.ts';

export interface MoneyStepperProps {
  /** The field's name for assistive technology ('Prezzo Margherita', 'Sconto'). */
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  cents: number;
  minusDisabled: boolean;
  plusDisabled?: boolean;
  /** One 0,50 € step (spec 5); the caller keeps it within the rules. */
  onStep: (dir: 1 | -1) => void;
  /** Reads what was typed under the same rules as the steppers. */
  check: (text: string) => MoneyCheck;
  onCommit: (cents: number) => void;
}

/**
 * An amount with its 0,50 € steppers (spec 5) that can also be typed: '12,50', '12.5', '12,50 €'.
 * What is typed counts when the field is left or Enter is pressed; a bad amount shows why under
 * the field and changes nothing (the last good amount stays in force); Escape puts it back. The
 * arrow keys step like the buttons.
 */
export function MoneyStepper({
  label,
  decreaseLabel,
  increaseLabel,
  cents,
  minusDisabled,
  plusDisabled = false,
  onStep,
  check,
  onCommit,
}: MoneyStepperProps) {
  const shown = formatAmount(cents);
  const [draft, setDraft] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  // A step, another tablet or the server changed the amount: the field shows it.
  useEffect(() => {
    setDraft(shown);
    setError(null);
  }, [shown]);

  const commit = () => {
    const result = check(draft);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    setDraft(formatAmount(result.cents));
    if (result.cents !== cents) onCommit(result.cents);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      commit();
    } else if (e.key === 'Escape' && (draft !== shown || error !== null)) {
      setDraft(shown);
      setError(null);
    } else if (e.key === 'ArrowUp' && !plusDisabled) {
      onStep(1);
    } else if (e.key === 'ArrowDown' && !minusDisabled) {
      onStep(-1);
    } else {
      // Tab, a plain Escape (closes the dialog) and typing go on as usual.
      e.continuePropagation();
      return;
    }
    e.preventDefault();
  };

  return (
    <TextField
      className="ov-money"
      value={draft}
      onChange={(text) => {
        setDraft(text);
        setError(null);
      }}
      onBlur={commit}
      onKeyDown={onKeyDown}
      isInvalid={error !== null}
      validationBehavior="aria"
      inputMode="decimal"
      autoComplete="off"
    >
      <Label className="ov-sr-only">{label}</Label>
      <span className="ov-stepper">
        <Button
          variant="secondary"
          aria-label={decreaseLabel}
          isDisabled={minusDisabled}
          onPress={() => onStep(-1)}
        >
          −
        </Button>
        <span className="ov-money-box">
          <Input className="ov-money-input" />
          <span aria-hidden="true">€</span>
        </span>
        <Button
          variant="secondary"
          aria-label={increaseLabel}
          isDisabled={plusDisabled}
          onPress={() => onStep(1)}
        >
          +
        </Button>
      </span>
      <FieldError className="field-error ov-money-error">{error}</FieldError>
    </TextField>
  );
}
