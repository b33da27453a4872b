/**
 * Where 'Torna al pannello' goes: the owner screen the switch into the customer flow started
 * from (spec 1). Session storage: it belongs to this tab's visit, as `precUrl` does. Only an
 * address of the owner area is kept or given back, so nothing written into the storage can send
 * the owner anywhere else.
 */

export const RETURN_PATH_KEY = 'comanda.ownerSwitch.returnTo';
/**
 * The owner's home, saying why a customer link opened it instead of the customer page (the
 * switch from a link could not be made: `app/guards.ts`); the home reads `reason`.
 */
export const SWITCH_REFUSED_REASONS = {
  pending: 'owner-switch-pending',
  offline: 'owner-switch-offline',
} as const;

/** Where the way back lands when the tab kept no address (another tab, cleared storage). */
export const DEFAULT_RETURN_PATH = '/owner/home';

/** A path of the owner area on this origin: '/owner/…', no '..' segment, no backslash. */
export function isOwnerPath(path: string): boolean {
  if (!path.startsWith('/owner/') || path.length > 2000 || path.includes('\\')) return false;
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return !pathname.split('/').some((segment) => segment === '..' || segment === '.');
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Remember the owner screen being left; anything not of the owner area is ignored. */
export function saveReturnPath(path: string): void {
  if (!isOwnerPath(path)) return;
  try {
    storage()?.setItem(RETURN_PATH_KEY, path);
  } catch {
    // No storage: the way back lands on the owner's home instead.
  }
}

/** The owner screen to go back to: the one kept, or the owner's home. */
export function returnPath(): string {
  try {
    const kept = storage()?.getItem(RETURN_PATH_KEY);
    return kept && isOwnerPath(kept) ? kept : DEFAULT_RETURN_PATH;
  } catch {
    return DEFAULT_RETURN_PATH;
  }
}

export function clearReturnPath(): void {
  try {
    storage()?.removeItem(RETURN_PATH_KEY);
  } catch {
    // Nothing kept.
  }
}
