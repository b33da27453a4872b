import { formatEuro, t } from '@comanda/shared-schema';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElementsOptionsClientSecret } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useState } from 'react';
import { Heading } from 'react-aria-components';
import { Alert } from '../components/alert.tsx';
import { Button } from '../components/button.tsx';
import { Loading } from '../components/loading.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import type { CardSession } from './delivery-send.ts';
import './card-payment.css';

/**
 * The card dialog (spec 2.11 'Paga e invia ordine'): Stripe Elements on the venue's
 * connected account. Its own chunk (see `card-payment-loader.tsx`): Stripe.js and its React
 * bindings load only when a customer pays by card, never with the menu.
 */

/** Spec 1 and 7: card payments are restricted to country IT; the confirm step sends it. */
const BILLING_COUNTRY = 'IT';

/** The return address of spec 2.2: `/user/deliverySuccessPayment/{ownerId}` on this origin. */
export function returnUrl(ownerId: string): string {
  return `${globalThis.location.origin}/user/deliverySuccessPayment/${encodeURIComponent(ownerId)}`;
}

const loads = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for one venue's account, loaded once; a failed load is tried again next time. */
export function stripeFor(publishableKey: string, accountId: string): Promise<Stripe | null> {
  const key = `${publishableKey}|${accountId}`;
  let load = loads.get(key);
  if (!load) {
    load = loadStripe(publishableKey, { stripeAccount: accountId });
    loads.set(key, load);
    load.catch(() => loads.delete(key));
  }
  return load;
}

/** Started when the customer picks carta, so Stripe.js is there by the time the intent is. */
export function warmStripe(publishableKey: string, accountId: string): void {
  stripeFor(publishableKey, accountId).catch((err: unknown) => console.warn('stripe.js preload', err));
}

export interface CardPaymentDialogProps {
  ownerId: string;
  publishableKey: string;
  session: CardSession;
  /** Right before the page may leave for the confirm step: `dataClient` written (spec 7). */
  onBeforeConfirm: () => void;
  /** 'Indietro': back to the summary (the order stays stored, unpaid, with its intent). */
  onClose: () => void;
}

type StripeLoad = { state: 'loading' } | { state: 'ready'; stripe: Stripe } | { state: 'failed' };

/** A logged failure with what a developer needs (never the client secret). */
function logFailure(what: string, session: CardSession, detail: Record<string, unknown>): void {
  console.error(`card payment: ${what}`, {
    deliveryId: session.deliveryId,
    paymentIntentId: session.paymentIntentId,
    accountId: session.accountId,
    ...detail,
  });
}

function PayForm({
  ownerId,
  session,
  onBeforeConfirm,
  onClose,
  onConfirming,
  onFormFailed,
}: CardPaymentDialogProps & { onConfirming: (busy: boolean) => void; onFormFailed: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const busy = (value: boolean) => {
    setConfirming(value);
    onConfirming(value);
  };

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || confirming) return;
    setError(null);
    busy(true);
    onBeforeConfirm();
    const back = returnUrl(ownerId);
    try {
      // Success leaves the page for the return address; only a failure comes back here.
      const { error: failure } = await stripe.confirmPayment({
        elements,
        confirmParams: {
          return_url: back,
          payment_method_data: { billing_details: { address: { country: BILLING_COUNTRY } } },
        },
      });
      logFailure('confirm failed', session, {
        type: failure.type,
        code: failure.code,
        declineCode: failure.decline_code,
        message: failure.message,
      });
      if (failure.code === 'payment_intent_unexpected_state') {
        // Paid meanwhile (another tab) or canceled (the venue rejected the order): the success
        // page asks the server which, and says so.
        globalThis.location.assign(`${back}?payment_intent=${encodeURIComponent(session.paymentIntentId)}`);
        return;
      }
      const forCustomer = failure.type === 'card_error' || failure.type === 'validation_error';
      setError(forCustomer && failure.message ? failure.message : t.cardPaymentFailed);
    } catch (err) {
      logFailure('confirm threw', session, { err });
      setError(t.cardPaymentFailed);
    }
    busy(false);
  };

  return (
    <form className="pay-form" onSubmit={(e) => void pay(e)} aria-busy={confirming}>
      <PaymentElement
        options={{
          layout: 'tabs',
          fields: { billingDetails: { address: { country: 'never' } } },
        }}
        onReady={() => setReady(true)}
        onChange={() => setError(null)}
        onLoadError={(event) => {
          logFailure('payment form failed to load', session, { error: event.error });
          onFormFailed();
        }}
      />
      {!ready ? <Loading /> : null}
      {error ? (
        <p role="alert" className="field-error pay-error">
          {error}
        </p>
      ) : null}
      <div className="btn-row df-actions">
        <Button variant="secondary" onPress={onClose} isDisabled={confirming}>
          {t.back}
        </Button>
        <Button variant="primary" type="submit" isDisabled={!stripe || !elements || !ready || confirming}>
          {t.pay}
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Paga e invia ordine': what the card pays (the server's amounts), the card form, 'Paga'; while
 * confirming 'Stiamo elaborando il tuo pagamento...' and 'Si prega di non chiudere questa
 * pagina'. A card refused or mistyped is said under the form and the customer tries again; a
 * form that cannot load offers 'Riprova' and 'Indietro'. Failures are logged with the order and
 * intent (spec 8), never a dead screen.
 */
export function CardPaymentDialog(props: CardPaymentDialogProps) {
  const { publishableKey, session, onClose } = props;
  const [load, setLoad] = useState<StripeLoad>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    void round;
    let live = true;
    setLoad({ state: 'loading' });
    stripeFor(publishableKey, session.accountId)
      .then((stripe) => {
        if (!live) return;
        if (!stripe) throw new Error('Stripe.js unavailable');
        setLoad({ state: 'ready', stripe });
      })
      .catch((err: unknown) => {
        if (!live) return;
        logFailure('stripe.js failed to load', session, { err });
        setLoad({ state: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [publishableKey, session, round]);

  const options: StripeElementsOptionsClientSecret = {
    clientSecret: session.clientSecret,
    locale: 'it',
    appearance: {
      theme: 'stripe',
      variables: { colorPrimary: '#a83f24', colorDanger: '#b3261e', borderRadius: '8px' },
    },
  };
  const { amounts } = session;

  return (
    <ModalDialog
      isOpen
      onClose={() => {
        if (!confirming) onClose();
      }}
      isDismissable={false}
      overlayClassName="checkout-overlay pay-overlay"
      modalClassName="checkout-modal"
      className="checkout-dialog pay-dialog"
    >
      <section className="pay-panel">
        <Heading slot="title">{t.payAndSend}</Heading>
        <dl className="os-totals">
          <dt>{t.orderTotal}</dt>
          <dd>{formatEuro(amounts.netAmount)}</dd>
          <dt>{t.rowServiceCosts}</dt>
          <dd>{formatEuro(amounts.serviceFee)}</dd>
          <dt className="os-total">{t.cardAmountToPay}</dt>
          <dd className="os-total">{formatEuro(amounts.totalAmount)}</dd>
        </dl>
        {load.state === 'ready' ? (
          <Elements key={`${session.clientSecret}:${round}`} stripe={load.stripe} options={options}>
            <PayForm
              {...props}
              onConfirming={setConfirming}
              onFormFailed={() => setLoad({ state: 'failed' })}
            />
          </Elements>
        ) : load.state === 'loading' ? (
          <Loading />
        ) : (
          <Alert tone="danger">
            <p>{t.cardFormLoadFailed}</p>
            <div className="btn-row">
              <Button variant="secondary" onPress={onClose}>
                {t.back}
              </Button>
              <Button variant="primary" onPress={() => setRound((n) => n + 1)}>
                {t.retry}
              </Button>
            </div>
          </Alert>
        )}
      </section>
      {confirming ? (
        <div className="pay-processing" role="status">
          <span className="pay-spinner" aria-hidden="true" />
          <p className="pay-processing-title">{t.processingPayment}</p>
          <p>{t.doNotClosePage}</p>
        </div>
      ) : null}
    </ModalDialog>
  );
}
