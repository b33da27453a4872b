import { type BusinessRow, t } from '@comanda/shared-schema';
import { useId } from 'react';
import { FormField } from '../../components/form-field.tsx';
import { ToggleSwitch } from '../../components/toggle-switch.tsx';
import { BridgePairing } from '../../printing/bridge-pairing.tsx';
import { InstantSaveState, useInstantSave } from './instant-setting.tsx';
import {
  type Change,
  closedChange,
  closedDraft,
  closedSwitchChange,
  type ProfileBody,
  printerChange,
  printerDraft,
  venueChange,
  venueDraft,
} from './profile-logic.ts';
import { ProfileSection } from './section.tsx';
import { type QueuedCall, useDraft, useSectionSave } from './use-profile.ts';

/** A profile change as the calls to queue: none when nothing changed. */
const asCalls = (change: Change<ProfileBody>) => ({
  calls: change.body ? [['ownerProfileSet', change.body] as QueuedCall] : [],
  errors: change.errors,
});

/** Name and opening hours (spec 3 "Owner profile"). */
export function VenueSection({ row }: { row: BusinessRow }) {
  const { draft, setDraft, changed, saved } = useDraft(row, venueDraft);
  const { errors, onSave } = useSectionSave(() => asCalls(venueChange(row, draft)), saved);
  return (
    <ProfileSection title={t.profileVenueSection} onSave={onSave} changed={changed}>
      <FormField
        label={t.venueNameLabel}
        value={draft.name}
        onChange={(name) => setDraft({ ...draft, name })}
        error={errors.name}
        isRequired
        maxLength={100}
      />
      <div className="profile-row">
        <FormField
          label={t.openingTimeLabel}
          value={draft.openingTime}
          onChange={(openingTime) => setDraft({ ...draft, openingTime })}
          error={errors.openingTime}
          inputMode="numeric"
          maxLength={5}
        />
        <FormField
          label={t.closingTimeLabel}
          value={draft.closingTime}
          onChange={(closingTime) => setDraft({ ...draft, closingTime })}
          error={errors.closingTime}
          inputMode="numeric"
          maxLength={5}
        />
      </div>
      <p className="field-hint">{t.hoursHint}</p>
    </ProfileSection>
  );
}

/**
 * The closed status and its message (spec 2.7 closed-venue screen): customers' open pages are
 * told live, and a send after closing is refused by the server whatever the page showed.
 * 'Locale chiuso ora' applies the moment it is flipped (customers must stop ordering now, not
 * after a 'Salva' among several); the message has the card's own 'Salva', and a message typed
 * but not saved goes with the switch.
 */
export function ClosedSection({ row }: { row: BusinessRow }) {
  const { draft, setDraft, changed, saved } = useDraft(row, closedDraft);
  const { errors, onSave } = useSectionSave(() => asCalls(closedChange(row, draft)), saved);
  const save = useInstantSave();
  const stateLine = useId();
  const flip = (closed: boolean) => {
    const change = closedSwitchChange(row, closed, draft);
    if (!change.body) return;
    const withMessage = change.body.messaggioChiusura !== undefined;
    void save.apply(['ownerProfileSet', change.body]).then((queued) => {
      if (queued && withMessage) saved();
    });
  };
  const closed = row.is_closed === 1;
  return (
    <ProfileSection
      title={t.profileClosedSection}
      description={t.venueClosedHint}
      onSave={onSave}
      changed={changed}
      instant={
        <>
          <ToggleSwitch isSelected={closed} onChange={flip} aria-describedby={stateLine}>
            {t.venueClosedNow}
          </ToggleSwitch>
          <InstantSaveState save={save} id={stateLine} />
        </>
      }
    >
      <FormField
        label={t.closingMessageLabel}
        value={draft.message}
        onChange={(message) => setDraft({ ...draft, message })}
        error={errors.messaggioChiusura}
        multiline
        maxLength={500}
      />
    </ProfileSection>
  );
}

/**
 * Where the tablets find the print bridge (spec 4 printer connection, `ownerIp`), and pairing
 * this tablet with it (the bridge prints only for paired devices, DESIGN.md "Abuse").
 */
export function PrinterSection({ row }: { row: BusinessRow }) {
  const { draft, setDraft, changed, saved } = useDraft(row, printerDraft);
  const { errors, onSave } = useSectionSave(() => asCalls(printerChange(row, draft)), saved);
  // One cell of the grid: the pairing card stays under the address it pairs with.
  return (
    <div className="profile-stack">
      <ProfileSection title={t.profilePrinterSection} onSave={onSave} changed={changed}>
        <FormField
          label={t.printBridgeAddressLabel}
          hint={t.printBridgeAddressHint}
          value={draft.address}
          onChange={(address) => setDraft({ address })}
          error={errors.ownerIp}
          maxLength={255}
          autoComplete="off"
          spellCheck="false"
        />
      </ProfileSection>
      <BridgePairing ownerIp={row.ownerIp} />
    </div>
  );
}
