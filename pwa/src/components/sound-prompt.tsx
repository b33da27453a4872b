import { t } from '@comanda/shared-schema';
import { unlockSound, useSoundBlocked } from '../data/sound.ts';
import { Button } from './button.tsx';

/** A speaker struck through: sound is off. Decorative; the button carries the name. */
function MutedIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="32"
      height="32"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M11 5 6 9H2v6h4l5 4V5z" />
      <path d="m23 9-6 6" />
      <path d="m17 9 6 6" />
    </svg>
  );
}

/**
 * 'Tocca per attivare i suoni', shown while the browser keeps this page's sounds off (its autoplay
 * policy after a reload, until the first tap). A screen that rings for new orders shows it, so it
 * never goes silent unnoticed; the tap turns sound on and the prompt goes.
 */
export function SoundPrompt({ className = '' }: { className?: string }) {
  const blocked = useSoundBlocked();
  if (!blocked) return null;
  return (
    <Button variant="plain" className={`sound-prompt ${className}`.trim()} onPress={unlockSound}>
      <MutedIcon />
      {t.soundBlocked}
    </Button>
  );
}
