import { useCallback, useEffect, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

/**
 * The Fullscreen API for the wall screen: whether the browser allows it here (not in an iframe
 * that forbids it, not on an iPhone), whether the page is full screen, and a toggle to call from
 * a tap (browsers only grant it inside a user gesture). Leaving the screen leaves full screen.
 */
export function useFullscreen(): { available: boolean; active: boolean; toggle: () => void } {
  const available = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const active = useSyncExternalStore(
    subscribe,
    () => document.fullscreenElement != null,
    () => false,
  );
  const toggle = useCallback(() => {
    const done = document.fullscreenElement
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen({ navigationUI: 'hide' });
    // Refused (no gesture, a policy): the screen simply stays as it is.
    done.catch((err: unknown) => console.warn('fullscreen', err));
  }, []);
  useEffect(
    () => () => {
      if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
    },
    [],
  );
  return { available, active, toggle };
}
