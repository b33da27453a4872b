/**
 * Tests of Rome time run under host time zones that are not Rome, to prove nothing reads the
 * host's zone. Node applies a changed process.env.TZ to later Date calls.
 */
// shared-schema has no Node types (it runs in browsers too); reach process through globalThis.
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;

export const HOST_ZONES = ['America/New_York', 'Pacific/Kiritimati', 'Asia/Kolkata', 'UTC'] as const;

/** Switch the host's zone; returns a function that restores the previous one. */
export function useHostZone(zone: string): () => void {
  const previous = env.TZ;
  env.TZ = zone;
  return () => {
    if (previous === undefined) delete env.TZ;
    else env.TZ = previous;
  };
}

/** The host offset (minutes, as getTimezoneOffset gives it) at an instant: proves the switch took. */
export function hostOffset(iso: string): number {
  return new Date(iso).getTimezoneOffset();
}
