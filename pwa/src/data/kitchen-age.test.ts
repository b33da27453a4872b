import { describe, expect, it } from 'vitest';
import { AGE_THRESHOLDS_KEY, readAgeThresholds, storeAgeThresholds, validThresholds } from './kitchen-age.ts';

function memoryStore(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe('kitchen ageing thresholds', () => {
  it('default to 5 and 8 minutes', () => {
    expect(readAgeThresholds(memoryStore())).toEqual({ warnMinutes: 5, lateMinutes: 8 });
  });

  it('keep what the screen stored', () => {
    const store = memoryStore();
    storeAgeThresholds({ warnMinutes: 10, lateMinutes: 15 }, store);
    expect(readAgeThresholds(store)).toEqual({ warnMinutes: 10, lateMinutes: 15 });
  });

  it('ignore anything stored that is not a valid pair', () => {
    for (const raw of [
      'not json',
      '{"warnMinutes":8,"lateMinutes":8}',
      '{"warnMinutes":0,"lateMinutes":8}',
      '{"warnMinutes":2.5,"lateMinutes":8}',
      '{"warnMinutes":5,"lateMinutes":241}',
      '{"warnMinutes":"5","lateMinutes":"8"}',
      '[]',
    ]) {
      const store = memoryStore();
      store.setItem(AGE_THRESHOLDS_KEY, raw);
      expect(readAgeThresholds(store), raw).toEqual({ warnMinutes: 5, lateMinutes: 8 });
    }
  });

  it('red must come strictly after yellow, in whole minutes from 1 to 240', () => {
    expect(validThresholds({ warnMinutes: 1, lateMinutes: 2 })).toBe(true);
    expect(validThresholds({ warnMinutes: 239, lateMinutes: 240 })).toBe(true);
    expect(validThresholds({ warnMinutes: 5, lateMinutes: 5 })).toBe(false);
    expect(validThresholds({ warnMinutes: 9, lateMinutes: 5 })).toBe(false);
  });
});
