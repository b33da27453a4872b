/**
 * The browser's local storage, or null where it is blocked (privacy settings, some kiosk modes):
 * settings kept there then just last for the page.
 */
export function safeLocalStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
