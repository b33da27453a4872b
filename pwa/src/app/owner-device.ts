/**
 * What the app and its service worker agree on about an owner's device (the worker's side is
 * built by `build/owner-precache.ts`): only such a device precaches the owner screens, so that a
 * diner's phone never downloads them.
 */

/** The message the owner's frame sends the worker: this device is an owner's. */
export const OWNER_DEVICE_MESSAGE = 'comanda-owner-device';
/** Caches of the owner screens' files are named with this and the hash of their list. */
export const OWNER_CACHE_PREFIX = 'comanda-owner-';
/** Written last into an owner cache: every file of the list is in it. */
export const OWNER_CACHE_COMPLETE = '/__comanda-owner-complete';

/**
 * Tells the active service worker that this device is an owner's, so it caches the owner screens
 * for a reload without a network (it has nothing to do when they are cached already). Without a
 * worker (a development server, a browser without one) it does nothing.
 */
export function announceOwnerDevice(): void {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return;
  void container.ready.then((registration) =>
    registration.active?.postMessage({ type: OWNER_DEVICE_MESSAGE }),
  );
}
