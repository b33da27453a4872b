import { t, tf } from '@comanda/shared-schema';
import { useEffect, useState } from 'react';
import { Alert } from '../components/alert.tsx';
import { Button } from '../components/button.tsx';
import { errorText } from '../data/api.ts';
import type { SendPhase } from './send-order.ts';

function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The state of an order on its way (the brief's 'Invio in corso…'): sending, waiting for the next
 * automatic try (with its countdown, or the offline notice) and a 'Riprova' button; stalled after
 * the automatic tries; refused with the server's reason.
 */
export function SendStatus({
  phase,
  hasPendingAttempt,
  onRetry,
  onDismiss,
}: {
  phase: SendPhase;
  hasPendingAttempt: boolean;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const seconds = useSecondsUntil(phase.phase === 'waiting' ? phase.retryAt : null);
  switch (phase.phase) {
    case 'sending':
      return (
        <p className="send-status" role="status">
          <span className="send-spinner" aria-hidden="true" />
          {t.sendingOrder}
        </p>
      );
    case 'waiting':
      return (
        <div className="send-status send-status-waiting" role="status">
          <p>
            <span className="send-spinner" aria-hidden="true" />
            {t.sendingOrder}
          </p>
          <p className="send-detail">{phase.offline ? t.sendWaitingOffline : tf.retryIn(seconds)}</p>
          <Button variant="secondary" onPress={onRetry}>
            {t.retry}
          </Button>
        </div>
      );
    case 'stalled':
      // A reload found an attempt; once the cart changes it is gone and so is this message.
      if (!hasPendingAttempt) return null;
      return (
        <Alert tone="warning" className="send-status">
          <p>{t.sendStalled}</p>
          <Button variant="secondary" onPress={onRetry}>
            {t.retry}
          </Button>
        </Alert>
      );
    case 'refused':
      return (
        <Alert tone="danger" className="send-status">
          <p>{errorText(phase.error)}</p>
          <Button variant="ghost" onPress={onDismiss}>
            {t.close}
          </Button>
        </Alert>
      );
    default:
      return null;
  }
}
