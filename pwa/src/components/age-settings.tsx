import { t } from '@comanda/shared-schema';
import { useState } from 'react';
import { Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { AGE_MINUTES_MAX, type AgeThresholds, validThresholds } from '../data/kitchen-age.ts';
import { Button } from './button.tsx';
import { MinutesField } from './minutes-field.tsx';

/**
 * The ticket ageing thresholds ('Tempi dei ticket'): yellow after, red after, in whole minutes,
 * kept on this device (the kitchen display and Profilo). A pair where red does not come after
 * yellow is explained and not kept. `className` styles the trigger, `popoverClassName` the popover
 * (the kitchen's has larger steps for wet hands).
 */
export function AgeSettings({
  thresholds,
  onChange,
  className = '',
  popoverClassName = '',
}: {
  thresholds: AgeThresholds;
  onChange: (next: AgeThresholds) => void;
  className?: string;
  popoverClassName?: string;
}) {
  const [draft, setDraft] = useState(thresholds);
  const valid = validThresholds(draft);
  const update = (next: AgeThresholds) => {
    setDraft(next);
    if (validThresholds(next)) onChange(next);
  };
  return (
    <DialogTrigger onOpenChange={(open) => open && setDraft(thresholds)}>
      <Button variant="secondary" className={className}>
        {t.kitchenAgeSettings}
      </Button>
      <Popover placement="bottom end" className={`popover ${popoverClassName}`.trim()}>
        <Dialog className="age-settings" aria-label={t.kitchenAgeSettings}>
          <Heading slot="title" className="age-settings-title">
            {t.kitchenAgeSettings}
          </Heading>
          <MinutesField
            label={t.kitchenAgeWarn}
            value={draft.warnMinutes}
            max={AGE_MINUTES_MAX}
            classPrefix="age-settings"
            onChange={(warnMinutes) => update({ ...draft, warnMinutes })}
          />
          <MinutesField
            label={t.kitchenAgeLate}
            value={draft.lateMinutes}
            max={AGE_MINUTES_MAX}
            classPrefix="age-settings"
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
