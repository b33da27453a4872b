import type { CartLine } from '@comanda/shared-schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isTransient } from '../data/errors.ts';
import type { CartStore, SendAttempt } from './cart-store.ts';
import { type SendPhase, sendWithRetry } from './send-order.ts';

export interface OrderSenderOptions<B, A> {
  store: CartStore;
  /** The call body for the lines above 0; built once per attempt. */
  makeBody: (lines: CartLine[]) => B;
  post: (attempt: SendAttempt<B>, opts: { signal: AbortSignal }) => Promise<A>;
  onSuccess: (answer: A, attempt: SendAttempt<B>) => void;
  /** A definitive refusal (after the status shows it), e.g. to re-read the venue's state. */
  onRefused?: (err: unknown) => void;
}

export interface OrderSender {
  phase: SendPhase;
  /** True while a try is running or the next one is scheduled: the cart is locked meanwhile. */
  busy: boolean;
  send: () => void;
  /** 'Riprova': resend the same attempt now, skipping the remaining wait. */
  retry: () => void;
  /** Forget a refusal or a stall message (the attempt stays for a later retry if unchanged). */
  dismiss: () => void;
}

/**
 * The 'Ordina' button's behaviour: one attempt per cart, retried with backoff, the phase for the
 * 'Invio in corso…' state. A tab reloaded mid-send finds its attempt in session storage and shows
 * it as stalled, so the retry button resends the same key instead of creating a second order.
 */
export function useOrderSender<B, A>(opts: OrderSenderOptions<B, A>): OrderSender {
  const { store } = opts;
  const latest = useRef(opts);
  latest.current = opts;
  const [phase, setPhase] = useState<SendPhase>(() =>
    store.getSnapshot().attempt ? { phase: 'stalled', error: null } : { phase: 'idle' },
  );
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const send = useCallback(() => {
    if (controller.current && !controller.current.signal.aborted) return; // one send at a time
    const { makeBody, post } = latest.current;
    const attempt = store.attemptFor(makeBody);
    const ctl = new AbortController();
    controller.current = ctl;
    sendWithRetry(() => post(attempt, { signal: ctl.signal }), { signal: ctl.signal, onPhase: setPhase })
      .then((answer) => {
        latest.current.onSuccess(answer, attempt);
      })
      .catch((err: unknown) => {
        if (ctl.signal.aborted) return;
        // A refusal is stored under this key on the server: a resend must be a new attempt.
        if (!isTransient(err)) {
          store.dropAttempt();
          latest.current.onRefused?.(err);
        }
      })
      .finally(() => {
        if (controller.current === ctl) controller.current = null;
      });
  }, [store]);

  const retry = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    send();
  }, [send]);

  const dismiss = useCallback(() => setPhase({ phase: 'idle' }), []);

  return { phase, busy: phase.phase === 'sending' || phase.phase === 'waiting', send, retry, dismiss };
}
