import { type AgeThresholds, DEFAULT_AGE_THRESHOLDS } from '@comanda/shared-schema';
import { createContext, useCallback, useContext, useState } from 'react';
import { safeLocalStorage } from './safe-storage.ts';

/**
 * The ticket ageing thresholds (coloured after 5 and 8 minutes, settable on the kitchen display).
 * Each device keeps its own in local storage: the pizza oven's wall screen and the bar's tablet
 * may want different ones; the dashboard on the same device colours its tickets alike.
 */
export type { AgeThresholds };

export const AGE_THRESHOLDS_KEY = 'kitchenAgeThresholds';
export const AGE_MINUTES_MAX = 240;

const wholeMinutes = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= AGE_MINUTES_MAX;

/** Whole minutes from 1 to 240, red strictly after yellow. */
export function validThresholds(t: AgeThresholds): boolean {
  return wholeMinutes(t.warnMinutes) && wholeMinutes(t.lateMinutes) && t.lateMinutes > t.warnMinutes;
}

export function readAgeThresholds(store: Storage | null = safeLocalStorage()): AgeThresholds {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(AGE_THRESHOLDS_KEY) ?? 'null');
    if (parsed && typeof parsed === 'object') {
      const { warnMinutes, lateMinutes } = parsed as Record<string, unknown>;
      const t = { warnMinutes, lateMinutes } as AgeThresholds;
      if (validThresholds(t)) return t;
    }
  } catch {
    // Not JSON: written by something else; the defaults stand.
  }
  return { ...DEFAULT_AGE_THRESHOLDS };
}

export function storeAgeThresholds(t: AgeThresholds, store: Storage | null = safeLocalStorage()): void {
  try {
    store?.setItem(AGE_THRESHOLDS_KEY, JSON.stringify(t));
  } catch {
    // Quota or privacy mode: the choice lasts for this page.
  }
}

/** The screen's thresholds and a setter that keeps only valid ones. */
export function useAgeThresholdsState(): [AgeThresholds, (t: AgeThresholds) => void] {
  const [thresholds, setThresholds] = useState(readAgeThresholds);
  const choose = useCallback((t: AgeThresholds) => {
    if (!validThresholds(t)) return;
    storeAgeThresholds(t);
    setThresholds(t);
  }, []);
  return [thresholds, choose];
}

export const AgeThresholdsContext = createContext<AgeThresholds>(DEFAULT_AGE_THRESHOLDS);

/** What a ticket colours its age by. */
export function useAgeThresholds(): AgeThresholds {
  return useContext(AgeThresholdsContext);
}
