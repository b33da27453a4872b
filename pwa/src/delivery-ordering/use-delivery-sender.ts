import { useCallback, useEffect, useRef, useState } from 'react';
import { isTransient } from '../data/errors.ts';
import { type SendPhase, sendWithRetry } from '../ordering/send-order.ts';
import {
  type DeliveryAttempt,
  type DeliveryOrderAnswer,
  type DeliveryOrderBody,
  deliveryAttemptFor,
  dropDeliveryAttempt,
  pendingDeliveryAttempt,
  postDelivery,
} from './delivery-send.ts';

export interface DeliverySender {
  phase: SendPhase;
  busy: boolean;
  /** A send of this order that never got its answer (e.g. the tab was reloaded mid-send). */
  pending: boolean;
  send: (body: Omit<DeliveryOrderBody, 'deliveryId'>) => void;
  /** 'Riprova': the stored attempt again, now. */
  retry: () => void;
  dismiss: () => void;
}

/**
 * 'Invia ordine': one attempt per order, retried with backoff through lost answers and dropped
 * Wi-Fi (same Idempotency-Key and deliveryId, so one order is stored), then either the answer
 * (`onSuccess`) or the server's refusal (`onRefused`, the envelope's code picks the dialog).
 */
export function useDeliverySender(opts: {
  ownerId: string;
  onSuccess: (answer: DeliveryOrderAnswer) => void;
  onRefused: (err: unknown) => void;
}): DeliverySender {
  const latest = useRef(opts);
  latest.current = opts;
  const [pending, setPending] = useState(() => pendingDeliveryAttempt(opts.ownerId) !== null);
  const [phase, setPhase] = useState<SendPhase>(() =>
    pendingDeliveryAttempt(opts.ownerId) ? { phase: 'stalled', error: null } : { phase: 'idle' },
  );
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback((attempt: DeliveryAttempt) => {
    if (controller.current && !controller.current.signal.aborted) return; // one send at a time
    const ctl = new AbortController();
    controller.current = ctl;
    setPending(true);
    sendWithRetry(() => postDelivery(attempt, ctl.signal), { signal: ctl.signal, onPhase: setPhase })
      .then((answer) => {
        dropDeliveryAttempt();
        setPending(false);
        latest.current.onSuccess(answer);
      })
      .catch((err: unknown) => {
        if (ctl.signal.aborted) return;
        if (isTransient(err)) return; // stalled: 'Riprova' resends the same attempt
        // A refusal is stored under this key: the next send is a new attempt.
        dropDeliveryAttempt();
        setPending(false);
        latest.current.onRefused(err);
      })
      .finally(() => {
        if (controller.current === ctl) controller.current = null;
      });
  }, []);

  const send = useCallback(
    (body: Omit<DeliveryOrderBody, 'deliveryId'>) => run(deliveryAttemptFor(latest.current.ownerId, body)),
    [run],
  );

  const retry = useCallback(() => {
    const attempt = pendingDeliveryAttempt(latest.current.ownerId);
    if (!attempt) return;
    controller.current?.abort();
    controller.current = null;
    run(attempt);
  }, [run]);

  const dismiss = useCallback(() => setPhase({ phase: 'idle' }), []);

  return {
    phase,
    busy: phase.phase === 'sending' || phase.phase === 'waiting',
    pending,
    send,
    retry,
    dismiss,
  };
}
