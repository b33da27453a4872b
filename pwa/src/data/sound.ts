import { t } from '@comanda/shared-schema';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * The screens' sounds (spec 2.6: new orders, waiter calls, deliveries) and whether the browser
 * lets them play. Browsers keep Web Audio silent until the page has been touched once (their
 * autoplay policy), so after a reload a kitchen screen would ring for nobody; `useSoundBlocked`
 * tells the screen, which asks for a tap ('Tocca per attivare i suoni').
 */

type AudioContextCtor = new () => AudioContext;

let shared: AudioContext | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function audioContext(): AudioContext | null {
  if (shared) return shared;
  const g = globalThis as typeof globalThis & { webkitAudioContext?: AudioContextCtor };
  const Ctor: AudioContextCtor | undefined = g.AudioContext ?? g.webkitAudioContext;
  if (!Ctor) return null;
  shared = new Ctor();
  shared.addEventListener?.('statechange', notify);
  return shared;
}

export type SoundState = 'on' | 'blocked' | 'unavailable';

/** 'blocked' while the browser holds the audio suspended (no tap yet since the page loaded). */
export function soundState(): SoundState {
  let ctx: AudioContext | null;
  try {
    ctx = audioContext();
  } catch {
    return 'unavailable';
  }
  if (!ctx) return 'unavailable';
  return ctx.state === 'running' ? 'on' : 'blocked';
}

/**
 * Asks the browser to let sounds play: it does when called from a tap (a user gesture). Any
 * failure is only logged (spec 8).
 */
export function unlockSound(): void {
  try {
    const ctx = audioContext();
    if (ctx && ctx.state !== 'running') {
      void ctx.resume().then(notify, (err: unknown) => console.warn(t.soundError, err));
    }
  } catch (err) {
    console.warn(t.soundError, err);
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * True while sounds cannot play until the page is touched. The first tap anywhere on the page
 * unlocks them too (a cook tapping a dish), so the prompt goes with whatever tap comes first.
 */
export function useSoundBlocked(): boolean {
  const blocked = useSyncExternalStore(subscribe, () => soundState() === 'blocked');
  useEffect(() => {
    if (!blocked) return;
    const onTap = () => unlockSound();
    document.addEventListener('pointerdown', onTap, true);
    document.addEventListener('keydown', onTap, true);
    return () => {
      document.removeEventListener('pointerdown', onTap, true);
      document.removeEventListener('keydown', onTap, true);
    };
  }, [blocked]);
  return blocked;
}

/**
 * A short two-tone beep made with the Web Audio API (no audio file to cache). Blocked sound is
 * shown by `useSoundBlocked`; any failure is only logged (spec 8).
 */
export function beep(): void {
  try {
    const ctx = audioContext();
    if (!ctx) throw new Error('Web Audio API not available');
    if (ctx.state === 'suspended') void ctx.resume().catch((err) => console.warn(t.soundError, err));
    const start = ctx.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      const at = start + i * 0.18;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.4, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.17);
    }
  } catch (err) {
    console.warn(t.soundError, err);
  }
}
