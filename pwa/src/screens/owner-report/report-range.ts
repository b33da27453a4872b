import { addDays, reportRangeProblem, romeTime, t } from '@comanda/shared-schema';

/** A report's range: two service dates 'YYYY-MM-DD', both included. */
export interface DateRange {
  from: string;
  to: string;
}

export type PresetId = 'today' | 'last7' | 'month' | 'last30';

/** The quick ranges of the screen, in the order shown. */
export const PRESETS: ReadonlyArray<{ id: PresetId; label: string }> = [
  { id: 'today', label: t.reportPresetToday },
  { id: 'last7', label: t.reportPresetLast7 },
  { id: 'month', label: t.reportPresetMonth },
  { id: 'last30', label: t.reportPresetLast30 },
];

/** A preset counted back from `today` (the venue's service date): each ends today. */
export function presetRange(id: PresetId, today: string): DateRange {
  switch (id) {
    case 'today':
      return { from: today, to: today };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
  }
}

/** The preset a range is, if any (so its button shows pressed). */
export function presetOf(range: DateRange, today: string): PresetId | null {
  return (
    PRESETS.find((p) => {
      const r = presetRange(p.id, today);
      return r.from === range.from && r.to === range.to;
    })?.id ?? null
  );
}

/**
 * Today's Rome date on the server's clock, before the server has said what the venue's service
 * date is (the answer's `today`, which also knows that 01:00 still belongs to last night).
 */
export function romeToday(nowMs: number): string {
  return romeTime(nowMs).date;
}

/** Why the picker's range cannot be asked for, or null. */
export function rangeProblem(range: DateRange): string | null {
  return reportRangeProblem(range.from, range.to);
}
