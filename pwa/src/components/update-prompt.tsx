import { useRegisterSW } from 'virtual:pwa-register/react';
import { t } from '@comanda/shared-schema';
import { Button } from './button.tsx';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker and, when a new version is waiting, offers 'Aggiorna' (the
 * worker is never swapped under an owner mid-service without asking).
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // Tablets stay open for days: look for a new version every hour.
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
  if (!needRefresh) return null;
  return (
    <section className="toast" aria-label={t.updateAvailable} role="status">
      <p>{t.updateAvailable}</p>
      <Button variant="primary" onPress={() => void updateServiceWorker(true)}>
        {t.update}
      </Button>
      <Button variant="secondary" onPress={() => setNeedRefresh(false)}>
        {t.close}
      </Button>
    </section>
  );
}
