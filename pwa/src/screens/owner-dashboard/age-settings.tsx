import { t } from '@comanda/shared-schema';
import { useState } from 'react';
import {
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  Group,
  Heading,
  Input,
  Label,
  NumberField,
  Popover,
} from 'react-aria-components';
import { Button } from '../../components/button.tsx';
import { AGE_MINUTES_MAX, type AgeThresholds, validThresholds } from './kitchen-age.ts';

function MinutesField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (n: number) => void;
}) {
  return (
    <NumberField
      className="dash-age-field"
      value={value}
      minValue={1}
      maxValue={AGE_MINUTES_MAX}
      step={1}
      formatOptions={{ maximumFractionDigits: 0 }}
      onChange={(n) => {
        if (Number.isFinite(n)) onChange(n);
      }}
    >
      <Label>{label}</Label>
      <Group className="dash-age-group">
        <AriaButton slot="decrement" className="btn btn-secondary dash-age-step">
          −
        </AriaButton>
        <Input className="dash-age-input" />
        <AriaButton slot="increment" className="btn btn-secondary dash-age-step">
          +
        </AriaButton>
      </Group>
    </NumberField>
  );
}

/**
 * The kitchen screen's ageing thresholds ('Tempi dei ticket'): yellow after, red after, in whole
 * minutes. A pair where red does not come after yellow is explained and not kept.
 */
export function AgeSettings({
  thresholds,
  onChange,
}: {
  thresholds: AgeThresholds;
  onChange: (next: AgeThresholds) => void;
}) {
  const [draft, setDraft] = useState(thresholds);
  const valid = validThresholds(draft);
  const update = (next: AgeThresholds) => {
    setDraft(next);
    if (validThresholds(next)) onChange(next);
  };
  return (
    <DialogTrigger onOpenChange={(open) => open && setDraft(thresholds)}>
      <Button variant="secondary" className="dash-filter-button dash-kitchen-toggle">
        {t.kitchenAgeSettings}
      </Button>
      <Popover placement="bottom end" className="popover">
        <Dialog className="dash-age-settings" aria-label={t.kitchenAgeSettings}>
          <Heading slot="title" className="dash-calls-title">
            {t.kitchenAgeSettings}
          </Heading>
          <MinutesField
            label={t.kitchenAgeWarn}
            value={draft.warnMinutes}
            onChange={(warnMinutes) => update({ ...draft, warnMinutes })}
          />
          <MinutesField
            label={t.kitchenAgeLate}
            value={draft.lateMinutes}
            onChange={(lateMinutes) => update({ ...draft, lateMinutes })}
          />
          {!valid && (
            <p role="alert" className="field-error">
              {t.kitchenAgeInvalid}
            </p>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
