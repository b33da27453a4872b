import { addDays, hhmmToMinutes, romeTime } from '@comanda/shared-schema';

/**
 * The Rome date a service belongs to: an order completed in the small hours counts to the
 * evening before. The day turns halfway between the venue's closing and its next opening
 * (closing 02:00, opening 18:00: at 10:00), so a late night and a lunch stay apart.
 */
export function serviceDateOf(nowMs: number, openingTime: string, closingTime: string): string {
  const rome = romeTime(nowMs);
  const open = hhmmToMinutes(openingTime);
  const close = hhmmToMinutes(closingTime);
  const gap = (open - close + 1440) % 1440;
  const turn = (close + gap / 2) % 1440;
  // Only a turn in the morning (before the opening) moves early completions back a day.
  if (turn < open && rome.minutes < turn) return addDays(rome.date, -1);
  return rome.date;
}
