import { Button as AriaButton, Group, I18nProvider, Input, Label, NumberField } from 'react-aria-components';
import './minutes-field.css';

/**
 * Spec 9: a duration input reads with the suffix ' min' ('8 min'). Intl's short minute unit in
 * Italian is exactly that; the field still takes a bare number typed ('12') and keeps the unit.
 */
export const MINUTES_FORMAT: Intl.NumberFormatOptions = {
  style: 'unit',
  unit: 'minute',
  unitDisplay: 'short',
  maximumFractionDigits: 0,
};

/**
 * A whole number of minutes with its − and + (at least 44 px), within `min`..`max`. The classes
 * are `{classPrefix}-field`, `-group`, `-step` and `-input`, so a screen can size it (the kitchen
 * display's are larger, for wet hands).
 */
export function MinutesField({
  label,
  value,
  onChange,
  min = 1,
  max,
  classPrefix = 'minutes',
}: {
  label: string;
  value: number;
  onChange: (minutes: number) => void;
  min?: number;
  max?: number;
  classPrefix?: string;
}) {
  // Italian whatever the browser's language: the number, its unit and the steps' names.
  return (
    <I18nProvider locale="it-IT">
      <NumberField
        className={`${classPrefix}-field`}
        value={value}
        minValue={min}
        maxValue={max}
        step={1}
        formatOptions={MINUTES_FORMAT}
        onChange={(n) => {
          // An emptied field gives NaN: the last good value stays.
          if (Number.isFinite(n)) onChange(n);
        }}
      >
        <Label>{label}</Label>
        <Group className={`${classPrefix}-group`}>
          <AriaButton slot="decrement" className={`btn btn-secondary ${classPrefix}-step`}>
            −
          </AriaButton>
          <Input className={`${classPrefix}-input`} />
          <AriaButton slot="increment" className={`btn btn-secondary ${classPrefix}-step`}>
            +
          </AriaButton>
        </Group>
      </NumberField>
    </I18nProvider>
  );
}
