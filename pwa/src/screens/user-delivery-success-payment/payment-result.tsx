import { CARD_CHECKOUT_MS, MINUTE_MS, SESSION_STORAGE_KEYS, t, tf } from '@comanda/shared-schema';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button, buttonClass } from '../../components/button.tsx';
import { useDocumentTitle } from '../../components/page.tsx';
import { SuccessMark } from '../../components/success-mark.tsx';
import { CardPayment, useCardKeys } from '../../delivery-ordering/card-payment-loader.tsx';
// From the menu's module on purpose: this page then shares its chunk (the customer comes back
// from the card provider with it cached), and the menu's first load gets no extra chunk for the
// send and dataClient helpers both use.
import { deliveryPaths } from '../../delivery-ordering/delivery-ordering.tsx';
import { DeliveryRecap } from '../../delivery-ordering/delivery-recap.tsx';
import { patchDataClient } from '../../delivery-ordering/delivery-send.ts';
import { x } from '../../texts-extra.ts';
import { usePaymentStatus } from './use-payment-status.ts';
import '../../delivery-ordering/card-payment.css';

function Result({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="pay-result" aria-labelledby="pay-result-title">
      <h1 id="pay-result-title">{title}</h1>
      {children}
    </section>
  );
}

/**
 * The card payment's outcome (spec 2.11, 4): while the server asks the card provider, 'Stiamo
 * elaborando il tuo pagamento...' and 'Si prega di non chiudere questa pagina'; paid: 'Abbiamo
 * ricevuto il tuo ordine!' with the e-mail and spam hints and 'Chiudi'; not completed: 'Riprova
 * il pagamento' with the same intent; canceled: the venue did not take the order; expired: not
 * paid in time, 'Rifai l'ordine' back to the kept cart; a failed check offers 'Riprova'. Every
 * state has a way back to the menu.
 */
export function PaymentResult({ ownerId, search }: { ownerId: string; search: string }) {
  const { outcome, ask } = usePaymentStatus(ownerId, search);
  const cardKeys = useCardKeys(ownerId, outcome.state === 'unpaid');
  const [paying, setPaying] = useState(false);
  const navigate = useNavigate();
  const menu = deliveryPaths(ownerId).menu;
  useDocumentTitle(outcome.state === 'paid' ? x.userDeliverySuccessTitle : t.payAndSend);
  const toMenu = (
    <Link to={menu} className={buttonClass('secondary')}>
      {t.backToMenu}
    </Link>
  );

  switch (outcome.state) {
    case 'checking':
    case 'processing':
      return (
        <Result title={t.processingPayment}>
          <span className="pay-spinner" aria-hidden="true" />
          <p role="status">
            {outcome.state === 'processing' && outcome.gaveUp ? t.paymentStillProcessing : t.doNotClosePage}
          </p>
          {outcome.state === 'processing' && outcome.gaveUp ? (
            <div className="btn-row">
              <Button variant="primary" onPress={ask}>
                {t.retry}
              </Button>
              {toMenu}
            </div>
          ) : null}
        </Result>
      );
    case 'paid':
      return (
        <Result title={t.orderSuccessCustomer}>
          <SuccessMark className="pay-result-mark" />
          <DeliveryRecap ownerId={ownerId} deliveryId={outcome.deliveryId} />
          <Button variant="primary" autoFocus onPress={() => navigate(menu)}>
            {t.close}
          </Button>
        </Result>
      );
    case 'unpaid': {
      const { session } = outcome;
      return (
        <Result title={t.paymentNotCompleted}>
          <div className="btn-row">
            {session && cardKeys ? (
              <Button variant="primary" onPress={() => setPaying(true)}>
                {t.retryPayment}
              </Button>
            ) : null}
            {toMenu}
          </div>
          {paying && session && cardKeys ? (
            <CardPayment
              ownerId={ownerId}
              publishableKey={cardKeys.publishableKey}
              session={session}
              onBeforeConfirm={() =>
                patchDataClient(ownerId, SESSION_STORAGE_KEYS.dataClient, { payWith: 'carta', card: session })
              }
              onClose={() => setPaying(false)}
            />
          ) : null}
        </Result>
      );
    }
    case 'canceled':
      return (
        <Result title={t.paymentCanceledTitle}>
          <p>{t.paymentCanceledText}</p>
          <div className="btn-row">{toMenu}</div>
        </Result>
      );
    case 'expired':
      // Too late to pay: said plainly, with the way back to the same cart (kept) to send again.
      return (
        <Result title={t.checkoutExpiredTitle}>
          <p>{tf.checkoutExpiredText(CARD_CHECKOUT_MS / MINUTE_MS)}</p>
          <div className="btn-row">
            <Link to={deliveryPaths(ownerId).cart} className={buttonClass('primary')}>
              {t.orderAgain}
            </Link>
            {toMenu}
          </div>
        </Result>
      );
    case 'missing':
      return (
        <Result title={t.paymentNotFound}>
          <div className="btn-row">{toMenu}</div>
        </Result>
      );
    case 'failed':
      return (
        <Result title={t.payAndSend}>
          <Alert tone="danger">
            <p>{outcome.message}</p>
            <div className="btn-row">
              <Button variant="primary" onPress={ask}>
                {t.retry}
              </Button>
              {toMenu}
            </div>
          </Alert>
        </Result>
      );
  }
}
