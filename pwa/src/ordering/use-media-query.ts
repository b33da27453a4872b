import { NARROW_BREAKPOINT_PX } from '@comanda/shared-schema';
import { useCallback, useSyncExternalStore } from 'react';

/** Spec 9: phones are 576 px wide or less. */
export const NARROW_QUERY = `(max-width: ${NARROW_BREAKPOINT_PX}px)`;

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const mql = globalThis.matchMedia?.(query);
      mql?.addEventListener('change', onChange);
      return () => mql?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => globalThis.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
