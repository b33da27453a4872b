import { t } from '@comanda/shared-schema';

type AudioContextCtor = new () => AudioContext;

let shared: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (shared) return shared;
  const g = globalThis as typeof globalThis & { webkitAudioContext?: AudioContextCtor };
  const Ctor: AudioContextCtor | undefined = g.AudioContext ?? g.webkitAudioContext;
  if (!Ctor) return null;
  shared = new Ctor();
  return shared;
}

/**
 * A short two-tone beep made with the Web Audio API (no audio file to cache). Browsers block
 * sound until the page was touched once; any failure is only logged (spec 8).
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
