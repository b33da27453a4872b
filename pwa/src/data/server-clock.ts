import { call } from './api.ts';
import { safeLocalStorage } from './safe-storage.ts';

/**
 * The server's clock as this device sees it. Ticket ages and anything else measured against a
 * server timestamp use `serverNow()`, so a tablet whose clock is minutes off (no NTP on the shop's
 * Wi-Fi, a wall screen set by hand) still shows a ticket's true age. The offset is learned from
 * `/api/time` with half the round trip taken off, and kept in local storage so a reload while the
 * Wi-Fi is down keeps it.
 */
const OFFSET_KEY = 'serverClockOffset';
/** Learned again at most this often: clocks drift slowly. */
const RESYNC_MS = 10 * 60_000;

function storedOffset(): number {
  const value = Number(safeLocalStorage()?.getItem(OFFSET_KEY));
  return Number.isFinite(value) ? value : 0;
}

let offsetMs = storedOffset();
let syncedAt = 0;
let pending: Promise<void> | null = null;

export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** Measures the offset once per `RESYNC_MS`; offline or failing, the last known offset stays. */
export function syncServerClock(now: () => number = Date.now): Promise<void> {
  if (pending) return pending;
  if (syncedAt !== 0 && now() - syncedAt < RESYNC_MS) return Promise.resolve();
  pending = (async () => {
    const sent = now();
    const answer = await call('serverTime', {});
    const received = now();
    const server = Date.parse(answer.now);
    if (!Number.isFinite(server)) return;
    offsetMs = Math.round(server - (sent + received) / 2);
    syncedAt = received;
    try {
      safeLocalStorage()?.setItem(OFFSET_KEY, String(offsetMs));
    } catch {
      // Quota or privacy mode: the offset lasts for this page only.
    }
  })()
    .catch(() => {
      // Offline: the stored offset (or none) until the next try.
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Tests: forget what was learned. */
export function resetServerClock(): void {
  offsetMs = storedOffset();
  syncedAt = 0;
  pending = null;
}
