import { t } from '@comanda/shared-schema';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { useLive } from '../../live/use-live.ts';

const RESTORED_VISIBLE_MS = 4000;

/**
 * Spec section 2.6: 'Connessione persa, tentativo di riconnessione...' while the live
 * connection is down; 'Connessione ristabilita.' for a few seconds once it is back.
 */
export function ConnectionBanner() {
  const { status } = useLive();
  const wasDown = useRef(false);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    if (status === 'disconnected') {
      wasDown.current = true;
      setRestored(false);
      return;
    }
    if (status === 'connected' && wasDown.current) {
      wasDown.current = false;
      setRestored(true);
      const timer = setTimeout(() => setRestored(false), RESTORED_VISIBLE_MS);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [status]);

  if (status === 'disconnected') return <Alert tone="warning">{t.connectionLost}</Alert>;
  if (restored) return <Alert tone="success">{t.connectionRestored}</Alert>;
  return null;
}
