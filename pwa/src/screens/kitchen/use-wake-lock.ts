import { useEffect } from 'react';

interface WakeLockSentinelLike {
  release(): Promise<void>;
  addEventListener?(type: 'release', listener: () => void): void;
}
interface WakeLockLike {
  request(type: 'screen'): Promise<WakeLockSentinelLike>;
}

/**
 * Keeps the screen awake while `active` (the kitchen wall screen must never sleep). The browser
 * drops the lock whenever the page is hidden, so it is asked for again on `visibilitychange`, and
 * after the first tap (some browsers grant it only after one). Browsers without the Wake Lock
 * API simply keep their own sleep settings.
 */
export function useWakeLock(active = true): void {
  useEffect(() => {
    if (!active) return;
    const wakeLock = (globalThis.navigator as (Navigator & { wakeLock?: WakeLockLike }) | undefined)
      ?.wakeLock;
    if (!wakeLock) return;
    let sentinel: WakeLockSentinelLike | null = null;
    let asking = false;
    let stopped = false;
    const acquire = () => {
      if (stopped || asking || sentinel || document.visibilityState !== 'visible') return;
      asking = true;
      wakeLock
        .request('screen')
        .then((s) => {
          if (stopped) {
            void s.release();
            return;
          }
          sentinel = s;
          // Released by the browser (page hidden): asked for again when it shows.
          s.addEventListener?.('release', () => {
            if (sentinel === s) sentinel = null;
          });
        })
        // Refused (battery saver, no user gesture yet): the next tap or visibility change tries again.
        .catch((err: unknown) => console.warn('wake lock', err))
        .finally(() => {
          asking = false;
        });
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    document.addEventListener('pointerdown', acquire);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', acquire);
      document.removeEventListener('pointerdown', acquire);
      void sentinel?.release().catch(() => undefined);
    };
  }, [active]);
}
