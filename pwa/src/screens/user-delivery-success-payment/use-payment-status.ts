import { SESSION_STORAGE_KEYS } from '@comanda/shared-schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, errorText } from '../../data/api.ts';
import { ApiError } from '../../data/errors.ts';
import {
  type CardSession,
  dropDeliveryAttempt,
  patchDataClient,
  pendingDeliveryAttempt,
  readDataClient,
} from '../../delivery-ordering/delivery-send.ts';
import { cartStoreFor, clearAfterOrder, deliveryScope } from '../../ordering/cart-store.ts';
import { sendWithRetry } from '../../ordering/send-order.ts';

/** How often a payment the bank has not confirmed yet is asked again, and for how long. */
export const PROCESSING_POLL_MS = 3_000;
export const PROCESSING_POLLS = 20;

export type PaymentOutcome =
  | { state: 'checking' }
  /** Paid: the order (`deliveryId`) is the venue's to accept; the page recaps it. */
  | { state: 'paid'; deliveryId: string }
  /** The bank has not answered; `gaveUp` after PROCESSING_POLLS asks (the e-mail will tell). */
  | { state: 'processing'; gaveUp: boolean }
  /** Not completed or refused by the bank: the card dialog again, with the same intent. */
  | { state: 'unpaid'; session: CardSession | null }
  /** The venue rejected (or removed) the order before it was paid. */
  | { state: 'canceled' }
  /** Not paid within CARD_CHECKOUT_MS: the order and its slot were dropped; the cart stays. */
  | { state: 'expired' }
  /** No card payment to check (no `?payment_intent=`, nothing stored), or unknown to the server. */
  | { state: 'missing' }
  | { state: 'failed'; message: string };

/** The customer's dataClient (an owner never pays by card). */
const DATA_CLIENT = SESSION_STORAGE_KEYS.dataClient;
const INTENT_ID = /^pi_[A-Za-z0-9_]+$/;

/** The intent the page is about: Stripe's `?payment_intent=`, else the one stored before leaving. */
export function intentOf(search: string, stored: CardSession | undefined): string | null {
  const fromQuery = new URLSearchParams(search).get('payment_intent');
  const id = fromQuery ?? stored?.paymentIntentId ?? null;
  return id && INTENT_ID.test(id) ? id : null;
}

/** Whether the pending send attempt is the order this intent pays for. */
function attemptOf(ownerId: string, paymentIntentId: string, deliveryId: string | null): boolean {
  const attempt = pendingDeliveryAttempt(ownerId);
  if (!attempt) return false;
  return attempt.intent?.paymentIntentId === paymentIntentId || attempt.body.deliveryId === deliveryId;
}

/**
 * The return page's question (spec 2.2, 4): `POST /api/stripe/payment-status`, the server asking
 * Stripe. Paid: the cart, the cached dishes, the erase-order state, the form (`dataClient`) and
 * the send attempt are cleared (spec 4 "On success"). Processing: asked again shortly. Canceled,
 * or expired (not paid in time): the order is gone, so is its attempt; the cart and the form stay
 * for another order.
 */
export function usePaymentStatus(
  ownerId: string,
  search: string,
): { outcome: PaymentOutcome; ask: () => void } {
  const [outcome, setOutcome] = useState<PaymentOutcome>({ state: 'checking' });
  const [round, setRound] = useState(0);
  const polls = useRef(0);

  useEffect(() => {
    void round;
    const stored = readDataClient(ownerId, DATA_CLIENT)?.card;
    const paymentIntentId = intentOf(search, stored);
    if (!paymentIntentId) {
      setOutcome({ state: 'missing' });
      return;
    }
    const session = stored?.paymentIntentId === paymentIntentId ? stored : null;
    const ctl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    setOutcome((now) => (now.state === 'processing' ? now : { state: 'checking' }));
    sendWithRetry(() => call('paymentStatus', { ownerId, paymentIntentId }, { signal: ctl.signal }), {
      signal: ctl.signal,
    })
      .then((answer) => {
        switch (answer.paymentStatus) {
          case 'paid':
            clearAfterOrder(cartStoreFor(deliveryScope(ownerId)), ownerId);
            if (attemptOf(ownerId, paymentIntentId, answer.deliveryId)) dropDeliveryAttempt();
            patchDataClient(ownerId, DATA_CLIENT, null);
            setOutcome({ state: 'paid', deliveryId: answer.deliveryId });
            return;
          case 'processing':
            polls.current += 1;
            if (polls.current >= PROCESSING_POLLS) {
              setOutcome({ state: 'processing', gaveUp: true });
              return;
            }
            setOutcome({ state: 'processing', gaveUp: false });
            timer = setTimeout(() => setRound((n) => n + 1), PROCESSING_POLL_MS);
            return;
          case 'unpaid':
            setOutcome({ state: 'unpaid', session });
            return;
          case 'canceled':
          case 'expired':
            // The order is gone, and so is its send attempt: the next send is a new order, with
            // the cart and the form kept (only the dead intent is forgotten).
            if (attemptOf(ownerId, paymentIntentId, answer.deliveryId)) dropDeliveryAttempt();
            patchDataClient(ownerId, DATA_CLIENT, { card: undefined });
            setOutcome({ state: answer.paymentStatus });
            return;
        }
      })
      .catch((err: unknown) => {
        if (ctl.signal.aborted) return;
        console.error('card payment: status check failed', { ownerId, paymentIntentId, err });
        if (err instanceof ApiError && err.code === 'NOT_FOUND') setOutcome({ state: 'missing' });
        else setOutcome({ state: 'failed', message: errorText(err) });
      });
    return () => {
      ctl.abort();
      clearTimeout(timer);
    };
  }, [ownerId, search, round]);

  const ask = useCallback(() => {
    polls.current = 0;
    setRound((n) => n + 1);
  }, []);
  return { outcome, ask };
}
