import { type BusinessRow, t, type UserVersion } from '@comanda/shared-schema';
import { useId } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useUserVersion } from '../../data/use-user-version.ts';
import { businessIdOf, useOwnerSession } from '../../session/use-session.ts';
import { InstantSaveState, useInstantSave } from './instant-setting.tsx';
import { ProfileSection } from './section.tsx';

const CHOICES: ReadonlyArray<[UserVersion, string]> = [
  [1, t.roomPanelsVersion1],
  [2, t.roomPanelsVersion2],
  [3, t.roomPanelsVersion3],
];

/**
 * Which extra panels Sala shows (spec 2.4: version 1 or 3 shows one, 2 or 3 the other; the
 * version is the owner account's, spec 3 "User"). A choice applies at once through the outbox,
 * as the switches do, and every tablet follows it.
 */
export function RoomPanelsSection({ row }: { row: BusinessRow }) {
  const { session } = useOwnerSession();
  const version = useUserVersion(businessIdOf(session), row.userVersion, session.version ?? null);
  const save = useInstantSave();
  const stateLine = useId();
  return (
    <ProfileSection title={t.roomPanelsSection}>
      <RadioGroup
        className="profile-radios"
        value={version === null ? null : String(version)}
        onChange={(value) => {
          const next = Number(value);
          if ((next === 1 || next === 2 || next === 3) && next !== version) {
            void save.apply(['ownerVersionSet', { version: next }]);
          }
        }}
        aria-describedby={stateLine}
      >
        <Label className="label">{t.roomPanelsHint}</Label>
        {CHOICES.map(([value, label]) => (
          <Radio key={value} value={String(value)} className="profile-radio">
            {label}
          </Radio>
        ))}
      </RadioGroup>
      <InstantSaveState save={save} id={stateLine} />
    </ProfileSection>
  );
}
