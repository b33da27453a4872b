import { useCallback, useEffect, useRef, useState } from 'react';
import { isTransient } from '../data/errors.ts';
import { type SendPhase, sendWithRetry } from '../ordering/send-order.ts';
import {
  awaitsAnswer,
  cardSessionOf,
  type DeliveryAttempt,
  type DeliveryOrderBody,
  deliveryAttemptFor,
  dropDeliveryAttempt,
  type PayMethod,
  pendingDeliveryAttempt,
  postDelivery,
  recordIntent,
  type SentDelivery,
} from './delivery-send.ts';

export interface DeliverySender {
  phase: SendPhase;
  busy: boolean;
  /** A send of this order that never got its answer (e.g. the tab was reloaded mid-send). */
  pending: boolean;
  /** 'Invia ordine' (cassa) or 'Vai al pagamento' (carta). */
  send: (body: Omit<DeliveryOrderBody, 'deliveryId'>, method?: PayMethod) => void;
  /** 'Riprova': the stored attempt again, now. */
  retry: () => void;
  dismiss: () => void;
}

/**
 * 'Invia ordine' and 'Vai al pagamento': one attempt per order, retried with backoff through lost
 * answers, dropped Wi-Fi and an unreachable card provider (same Idempotency-Key and deliveryId,
 * so one order is stored), then either the answer (`onSuccess`) or the server's refusal
 * (`onRefused`, the envelope's code picks the dialog). A card send's answer is an order awaiting
 * payment: its attempt is kept with the intent, so 'Vai al pagamento' again for the same order
 * resends that key and gets the same order and intent back (the server's stored answer).
 */
export function useDeliverySender(opts: {
  ownerId: string;
  onSuccess: (sent: SentDelivery, attempt: DeliveryAttempt) => void;
  onRefused: (err: unknown) => void;
}): DeliverySender {
  const latest = useRef(opts);
  latest.current = opts;
  const [pending, setPending] = useState(() => awaitsAnswer(pendingDeliveryAttempt(opts.ownerId)));
  const [phase, setPhase] = useState<SendPhase>(() =>
    awaitsAnswer(pendingDeliveryAttempt(opts.ownerId))
      ? { phase: 'stalled', error: null }
      : { phase: 'idle' },
  );
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback((attempt: DeliveryAttempt) => {
    if (controller.current && !controller.current.signal.aborted) return; // one send at a time
    const ctl = new AbortController();
    controller.current = ctl;
    setPending(true);
    sendWithRetry(() => postDelivery(attempt, ctl.signal), { signal: ctl.signal, onPhase: setPhase })
      .then((sent) => {
        setPending(false);
        if (sent.method === 'carta') {
          const kept = recordIntent(attempt, cardSessionOf(sent.answer));
          latest.current.onSuccess(sent, kept);
          return;
        }
        dropDeliveryAttempt();
        latest.current.onSuccess(sent, attempt);
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
    (body: Omit<DeliveryOrderBody, 'deliveryId'>, method: PayMethod = 'cassa') => {
      const attempt = deliveryAttemptFor(latest.current.ownerId, body, undefined, method);
      run(attempt);
    },
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
