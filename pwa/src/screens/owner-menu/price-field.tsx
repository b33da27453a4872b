import { t } from '@comanda/shared-schema';
import type { KeyboardEvent } from 'react';
import { TextField as AriaTextField, Button, FieldError, Input, Label } from 'react-aria-components';
import { readTypedPrice, stepPrice } from './dish-form.ts';

/**
 * A price typed the Italian way ('12,50', read with the shared `parsePrice`), shown with a '€'
 * suffix; arrow keys, and the optional minus/plus buttons, step by 0,50 € and never below 0
 * (spec 5, 9). The text stays as typed, so '12,' survives while the owner is typing.
 */
export function PriceField({
  label,
  value,
  onChange,
  error,
  steppers = false,
  labelHidden = false,
  className = '',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  steppers?: boolean;
  labelHidden?: boolean;
  className?: string;
}) {
  // Spec 5: the minus button is disabled at 0 or less.
  const atZero = (readTypedPrice(value) ?? 0) <= 0;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    onChange(stepPrice(value, e.key === 'ArrowUp' ? 1 : -1));
  };

  return (
    <AriaTextField
      value={value}
      onChange={onChange}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      className={`field menu-price-field ${className}`}
    >
      <Label className={labelHidden ? 'visually-hidden' : undefined}>{label}</Label>
      <div className="menu-price-row">
        {steppers ? (
          <Button
            className="btn btn-secondary menu-stepper"
            aria-label={t.menuDecreasePrice}
            isDisabled={atZero}
            onPress={() => onChange(stepPrice(value, -1))}
          >
            <span aria-hidden="true">−</span>
          </Button>
        ) : null}
        <span className="menu-price-box">
          <Input inputMode="decimal" autoComplete="off" onKeyDown={onKeyDown} className="menu-price-input" />
          <span className="menu-price-suffix" aria-hidden="true">
            €
          </span>
        </span>
        {steppers ? (
          <Button
            className="btn btn-secondary menu-stepper"
            aria-label={t.menuIncreasePrice}
            onPress={() => onChange(stepPrice(value, 1))}
          >
            <span aria-hidden="true">+</span>
          </Button>
        ) : null}
      </div>
      <FieldError className="field-error">{error}</FieldError>
    </AriaTextField>
  );
}
