import { useEffect } from 'react';

interface WakeLockSentinelLike {
  release(): Promise<void>;
}
interface WakeLockLike {
  request(type: 'screen'): Promise<WakeLockSentinelLike>;
}

/**
 * Keeps the screen awake while `active` (the kitchen wall screen must never sleep). The browser
 * drops the lock whenever the page is hidden, so it is asked for again on `visibilitychange`.
 * Browsers without the Wake Lock API simply keep their own sleep settings.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const wakeLock = (globalThis.navigator as (Navigator & { wakeLock?: WakeLockLike }) | undefined)
      ?.wakeLock;
    if (!wakeLock) return;
    let sentinel: WakeLockSentinelLike | null = null;
    let stopped = false;
    const acquire = () => {
      if (stopped || document.visibilityState !== 'visible') return;
      wakeLock
        .request('screen')
        .then((s) => {
          if (stopped) void s.release();
          else sentinel = s;
        })
        // Refused (battery saver, no user gesture yet): the next visibility change tries again.
        .catch((err: unknown) => console.warn('wake lock', err));
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', acquire);
      void sentinel?.release().catch(() => undefined);
    };
  }, [active]);
}
