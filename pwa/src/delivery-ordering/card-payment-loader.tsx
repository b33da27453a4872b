import { type Calls, type Response, t } from '@comanda/shared-schema';
import { useEffect, useState } from 'react';
import { Alert } from '../components/alert.tsx';
import { Button } from '../components/button.tsx';
import { Loading } from '../components/loading.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { call } from '../data/api.ts';
// Type only: the dialog's module (and Stripe with it) loads on demand, below.
import type { CardPaymentDialogProps } from './card-payment-dialog.tsx';
import './checkout.css';

/** `GET /api/stripe/config`: whether the venue offers carta, and Stripe.js's key and account. */
export type CardConfig = Response<Calls['stripeConfig']>;

/** What opening the card dialog needs; null when the venue does not offer carta. */
export interface CardKeys {
  publishableKey: string;
  accountId: string;
}

export function cardKeysOf(config: CardConfig | null): CardKeys | null {
  if (!config?.cardPayments || !config.publishableKey || !config.accountId) return null;
  return { publishableKey: config.publishableKey, accountId: config.accountId };
}

/**
 * The venue's card settings for a customer (an owner ordering for a customer skips the choice,
 * spec 4). Null while loading or when the read fails: cassa works as before, and the failure is
 * logged.
 */
export function useCardKeys(ownerId: string, enabled: boolean): CardKeys | null {
  const [keys, setKeys] = useState<CardKeys | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const ctl = new AbortController();
    call('stripeConfig', { ownerId }, { signal: ctl.signal })
      .then((config) => setKeys(cardKeysOf(config)))
      .catch((err: unknown) => {
        if (!ctl.signal.aborted) console.warn('stripe config', { ownerId, err });
      });
    return () => ctl.abort();
  }, [ownerId, enabled]);
  return keys;
}

type CardModule = typeof import('./card-payment-dialog.tsx');
let loading: Promise<CardModule> | null = null;

/** The dialog's chunk (Stripe.js bindings included), once; a failed load is tried again. */
export function loadCardPayment(): Promise<CardModule> {
  loading ??= import('./card-payment-dialog.tsx').catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** The customer picked carta: fetch the dialog and Stripe.js meanwhile. */
export function preloadCardPayment(keys: CardKeys): void {
  loadCardPayment()
    .then((m) => m.warmStripe(keys.publishableKey, keys.accountId))
    .catch((err: unknown) => console.warn('card payment preload', err));
}

/**
 * 'Paga e invia ordine' loaded on demand: a veil while its chunk loads, and if it cannot load
 * (offline, a new deploy) the reason with 'Riprova' and 'Indietro' instead of a dead screen.
 */
export function CardPayment(props: CardPaymentDialogProps) {
  const [loaded, setLoaded] = useState<CardModule | 'failed' | null>(null);
  const [round, setRound] = useState(0);
  const { session } = props;
  useEffect(() => {
    void round;
    let live = true;
    setLoaded(null);
    loadCardPayment()
      .then((m) => {
        if (live) setLoaded(m);
      })
      .catch((err: unknown) => {
        console.error('card payment: dialog failed to load', {
          deliveryId: session.deliveryId,
          paymentIntentId: session.paymentIntentId,
          err,
        });
        if (live) setLoaded('failed');
      });
    return () => {
      live = false;
    };
  }, [round, session]);

  if (loaded !== null && loaded !== 'failed') return <loaded.CardPaymentDialog {...props} />;
  return (
    <ModalDialog
      isOpen
      isDismissable={false}
      overlayClassName="checkout-overlay"
      modalClassName="checkout-modal"
      className="checkout-dialog"
      aria-label={t.payAndSend}
    >
      <div className="checkout-status">
        {loaded === 'failed' ? (
          <Alert tone="danger">
            <p>{t.cardFormLoadFailed}</p>
            <div className="btn-row">
              <Button variant="secondary" onPress={props.onClose}>
                {t.back}
              </Button>
              <Button variant="primary" onPress={() => setRound((n) => n + 1)}>
                {t.retry}
              </Button>
            </div>
          </Alert>
        ) : (
          <Loading />
        )}
      </div>
    </ModalDialog>
  );
}
