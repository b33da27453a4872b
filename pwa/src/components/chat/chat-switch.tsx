import { t } from '@comanda/shared-schema';
import { useEntities } from '../../data/hooks.ts';
import { ToggleSwitch } from '../toggle-switch.tsx';

/**
 * The chat on/off switch (spec 2.6, 4): the venue's flag from the device's copy, flipped through
 * the outbox; `enableChat` / `disableChat` from another tablet arrive as a catch-up.
 */
export function ChatSwitch({ onToggle }: { onToggle: () => void }) {
  const business = useEntities('business')?.[0];
  return (
    <ToggleSwitch isSelected={business?.chatEnabled === 1} isDisabled={!business} onChange={onToggle}>
      {t.chatEnabledLabel}
    </ToggleSwitch>
  );
}
