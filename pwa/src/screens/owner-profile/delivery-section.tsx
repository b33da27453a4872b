import { type BusinessRow, DELIVERY_CITY_NAME_MAX, KITCHEN_AREAS, t, tf } from '@comanda/shared-schema';
import { useId, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { ToggleSwitch } from '../../components/toggle-switch.tsx';
import { InstantSaveState, useInstantSave } from './instant-setting.tsx';
import {
  AREA_LABELS,
  type DeliveryDraft,
  deliveryChange,
  deliveryDraft,
  flagChange,
} from './profile-logic.ts';
import { ProfileSection } from './section.tsx';
import { type QueuedCall, useDraft, useSectionSave } from './use-profile.ts';

/** The comuni a consegna may go to: a list with 'Rimuovi' and a field to add one. */
function CitiesEditor({
  cities,
  onChange,
  error,
}: {
  cities: readonly string[];
  onChange: (cities: string[]) => void;
  error: string | undefined;
}) {
  const [typed, setTyped] = useState('');
  const add = () => {
    const name = typed.trim();
    if (name === '') return;
    onChange([...cities, name]);
    setTyped('');
  };
  return (
    <fieldset className="profile-cities">
      <legend className="label">{t.deliveryCitiesLabel}</legend>
      <ul>
        {cities.map((city) => (
          <li key={city}>
            <span>{city}</span>
            <Button
              variant="ghost"
              aria-label={tf.removeCity(city)}
              onPress={() => onChange(cities.filter((c) => c !== city))}
            >
              {t.remove}
            </Button>
          </li>
        ))}
      </ul>
      <div className="profile-row profile-add-city">
        <FormField
          label={t.newCityLabel}
          value={typed}
          onChange={setTyped}
          error={undefined}
          maxLength={DELIVERY_CITY_NAME_MAX}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" onPress={add} isDisabled={typed.trim() === ''}>
          {t.addCity}
        </Button>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function plan(row: BusinessRow, draft: DeliveryDraft) {
  const change = deliveryChange(row, draft);
  const calls: QueuedCall[] = [];
  if (change.profile) calls.push(['ownerProfileSet', change.profile]);
  if (change.settings) calls.push(['deliverySettingsSet', change.settings]);
  return { calls, errors: change.errors };
}

/**
 * Delivery and pickup (spec 3 "Owner business", 9): the switch, which applies at once, then the
 * window, the fee, the towns and how many orders a 15-minute slot takes, in all and per kitchen
 * area, saved with the card's 'Salva'.
 */
export function DeliverySection({ row }: { row: BusinessRow }) {
  const { draft, setDraft, changed, saved } = useDraft(row, deliveryDraft);
  const { errors, onSave } = useSectionSave(() => plan(row, draft), saved);
  const save = useInstantSave();
  const stateLine = useId();
  const flip = (enabled: boolean) => {
    const change = flagChange(row, { abilitaConsegna: enabled ? 1 : 0 });
    if (change.body) void save.apply(['ownerProfileSet', change.body]);
  };
  return (
    <ProfileSection
      title={t.deliveryDeskTitle}
      onSave={onSave}
      changed={changed}
      instant={
        <>
          <ToggleSwitch isSelected={row.abilitaConsegna === 1} onChange={flip} aria-describedby={stateLine}>
            {t.deliveryEnabledLabel}
          </ToggleSwitch>
          <InstantSaveState save={save} id={stateLine} />
        </>
      }
    >
      <div className="profile-row">
        <FormField
          label={t.deliveryFromLabel}
          value={draft.from}
          onChange={(from) => setDraft({ ...draft, from })}
          error={errors.openConsegna}
          inputMode="numeric"
          maxLength={5}
        />
        <FormField
          label={t.deliveryToLabel}
          value={draft.to}
          onChange={(to) => setDraft({ ...draft, to })}
          error={errors.closeConsegna}
          inputMode="numeric"
          maxLength={5}
        />
        <FormField
          label={t.rowDeliveryCost}
          value={draft.fee}
          onChange={(fee) => setDraft({ ...draft, fee })}
          error={errors.costoConsegna}
          inputMode="decimal"
          maxLength={10}
        />
      </div>
      <CitiesEditor
        cities={draft.cities}
        onChange={(cities) => setDraft({ ...draft, cities })}
        error={errors.deliveryCities}
      />
      <FormField
        label={t.slotCapacityLabel}
        value={draft.capacity}
        onChange={(capacity) => setDraft({ ...draft, capacity })}
        error={errors.slotCapacity}
        inputMode="numeric"
        maxLength={3}
      />
      <fieldset className="profile-areas">
        <legend className="label">{t.slotAreaCapacityLabel}</legend>
        <p className="field-hint">{t.slotAreaCapacityHint}</p>
        <div className="profile-row">
          {KITCHEN_AREAS.map((area) => (
            <FormField
              key={area}
              label={AREA_LABELS[area]}
              value={draft.areas[area]}
              onChange={(value) => setDraft({ ...draft, areas: { ...draft.areas, [area]: value } })}
              error={errors[`area.${area}`]}
              inputMode="numeric"
              maxLength={3}
            />
          ))}
        </div>
      </fieldset>
    </ProfileSection>
  );
}
