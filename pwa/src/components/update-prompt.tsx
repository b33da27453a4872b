import { registerSW } from 'virtual:pwa-register';
import { t } from '@comanda/shared-schema';
import { useEffect, useRef, useState } from 'react';
import { Button } from './button.tsx';

const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** After the page's load event: how long the worker waits before it is registered. */
export const SW_REGISTER_DELAY_MS = 2000;
/** And then at most this long for the browser to be idle. */
const SW_REGISTER_IDLE_TIMEOUT_MS = 5000;

/**
 * Runs `register` once the page has loaded, settled a moment and the browser is idle. Installing
 * the worker downloads the whole app for offline use (every screen, about 500 KB on the wire):
 * on a diner's first scan that would compete with the menu for the phone's network and CPU, so
 * it waits until the first screen is up (ordering/README.md, "First load"). Returns a cancel.
 */
export function whenSettled(register: () => void, win: Window = window): () => void {
  let timer: number | undefined;
  let idle: number | undefined;
  const afterLoad = () => {
    timer = win.setTimeout(() => {
      if (typeof win.requestIdleCallback === 'function')
        idle = win.requestIdleCallback(register, { timeout: SW_REGISTER_IDLE_TIMEOUT_MS });
      else register();
    }, SW_REGISTER_DELAY_MS);
  };
  if (win.document.readyState === 'complete') afterLoad();
  else win.addEventListener('load', afterLoad, { once: true });
  return () => {
    win.removeEventListener('load', afterLoad);
    if (timer !== undefined) win.clearTimeout(timer);
    if (idle !== undefined) win.cancelIdleCallback(idle);
  };
}

/**
 * Registers the service worker (once the page settled, `whenSettled`) and, when a new version is
 * waiting, offers 'Aggiorna' (the worker is never swapped under an owner mid-service without
 * asking).
 */
export function UpdatePrompt() {
  const [needRefresh, setNeedRefresh] = useState(false);
  const update = useRef<((reload?: boolean) => Promise<void>) | null>(null);
  useEffect(
    () =>
      whenSettled(() => {
        update.current ??= registerSW({
          immediate: true,
          onNeedRefresh: () => setNeedRefresh(true),
          onRegisteredSW(_url, registration) {
            // Tablets stay open for days: look for a new version every hour.
            if (registration)
              setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
          },
        });
      }),
    [],
  );
  if (!needRefresh) return null;
  return (
    <section className="toast" aria-label={t.updateAvailable} role="status">
      <p>{t.updateAvailable}</p>
      <Button variant="primary" onPress={() => void update.current?.(true)}>
        {t.update}
      </Button>
      <Button variant="secondary" onPress={() => setNeedRefresh(false)}>
        {t.close}
      </Button>
    </section>
  );
}
