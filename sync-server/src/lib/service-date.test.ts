import { describe, expect, it } from 'vitest';
import { serviceDateOf } from './service-date.ts';

describe('serviceDateOf', () => {
  const at = (iso: string) => Date.parse(iso);

  it('a night past midnight counts to the evening it began', () => {
    expect(serviceDateOf(at('2025-07-16T01:30:00+02:00'), '18:00', '02:00')).toBe('2025-07-15');
    expect(serviceDateOf(at('2025-07-16T03:00:00+02:00'), '18:00', '02:00')).toBe('2025-07-15');
    expect(serviceDateOf(at('2025-07-15T22:00:00+02:00'), '18:00', '02:00')).toBe('2025-07-15');
  });

  it('the day turns halfway to the next opening, so a lunch keeps its own date', () => {
    expect(serviceDateOf(at('2025-07-16T12:00:00+02:00'), '18:00', '02:00')).toBe('2025-07-16');
    expect(serviceDateOf(at('2025-07-16T00:30:00+02:00'), '18:00', '23:00')).toBe('2025-07-15');
    expect(serviceDateOf(at('2025-07-16T09:00:00+02:00'), '18:00', '23:00')).toBe('2025-07-16');
  });

  it('Rome’s date, whatever the host’s zone (winter time too)', () => {
    expect(serviceDateOf(at('2025-01-15T23:30:00Z'), '18:00', '02:00')).toBe('2025-01-15');
    expect(serviceDateOf(at('2025-01-15T22:30:00Z'), '12:00', '15:00')).toBe('2025-01-15');
  });
});
