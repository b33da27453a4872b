import {
  type CartLine,
  linesToSend,
  type OrderFormData,
  type OrderFormErrors,
  SESSION_STORAGE_KEYS,
  t,
  toOrderFields,
} from '@comanda/shared-schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Loading } from '../components/loading.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { ApiError } from '../data/errors.ts';
import { DeliveryForm } from '../delivery-form/delivery-form.tsx';
import { emptyOrderForm, issuesToFormErrors } from '../delivery-form/form-logic.ts';
import { OrderSummary, summaryTotals } from '../delivery-form/order-summary.tsx';
import { RefusalDialog, refusalDialogFor, refusalMessage } from '../delivery-form/refusal-dialogs.tsx';
import type { SendPhase } from '../ordering/send-order.ts';
import { SendStatus } from '../ordering/send-status.tsx';
import { CardPayment, preloadCardPayment, useCardKeys } from './card-payment-loader.tsx';
import { type DeliveryOptions, fetchDeliveryOptions } from './delivery-checks.ts';
import {
  type CardSession,
  type DataClient,
  type DeliveryOrderAnswer,
  dropDeliveryAttempt,
  type PayMethod,
  patchDataClient,
  pendingDeliveryAttempt,
  readDataClient,
  writeStoredForm,
} from './delivery-send.ts';
import { useDeliverySender } from './use-delivery-sender.ts';
import './checkout.css';

/** Where the form waits between steps and reloads: spec 7's `dataClient` (the owner's apart). */
export function formKey(owner: boolean): string {
  return owner ? `${SESSION_STORAGE_KEYS.dataClient}:owner` : SESSION_STORAGE_KEYS.dataClient;
}

export interface CheckoutProps {
  ownerId: string;
  owner: boolean;
  lines: readonly CartLine[];
  /** The options read on entry; the checkout re-reads them for this cart's kitchen areas. */
  initialOptions: DeliveryOptions;
  /** The live socket id at send time (the owner's own devices are not echoed). */
  socketId: () => string | undefined;
  /** Close the full-screen form, back to the menu and cart. */
  onClose: () => void;
  /** 'torna indietro' after delivery was switched off: leave the delivery flow. */
  onLeave: () => void;
  /** The order is stored: the caller clears the cart and shows the result. */
  onPlaced: (answer: DeliveryOrderAnswer) => void;
}

type Step = 'form' | 'summary';

/** The refusals the checkout handles itself show no generic banner. */
function statusPhase(phase: SendPhase): SendPhase {
  return phase.phase === 'refused' ? { phase: 'idle' } : phase;
}

/**
 * A card order of this venue stored and awaiting payment, for this very cart and form (the tab
 * was reloaded, or the customer came back from the card provider without paying): its dialog
 * opens again. A form edited since drops `dataClient.card`, a cart edited since differs.
 */
function awaitingPayment(
  ownerId: string,
  owner: boolean,
  stored: DataClient | null,
  lines: readonly CartLine[],
): CardSession | null {
  const attempt = owner ? null : pendingDeliveryAttempt(ownerId);
  const intent = attempt?.method === 'carta' ? attempt.intent : undefined;
  if (!attempt || !intent || stored?.card?.paymentIntentId !== intent.paymentIntentId) return null;
  return JSON.stringify(attempt.body.cart) === JSON.stringify(linesToSend(lines)) ? intent : null;
}

/**
 * The full-screen delivery/pickup checkout (spec 2.10, 2.11, 4 form flow): 'Completa ordine',
 * then 'Riepilogo ordine' with 'Invia ordine'; the send with retries; the server's refusals as
 * the spec's dialogs (slot taken: fresh slots and back to the form; delivery switched off: leave),
 * field messages (VALIDATION, CITY_NOT_SERVED) or a line on the summary (fee changed, closed).
 * Card payment (spec 4 customer order flow, 2.11): where the venue offers carta, the customer
 * chooses carta or cassa on the summary; 'Vai al pagamento' is the card send (the same attempt
 * discipline and refusals), then the card dialog, whose confirm step leaves for the success route.
 */
export function Checkout({
  ownerId,
  owner,
  lines,
  initialOptions,
  socketId,
  onClose,
  onLeave,
  onPlaced,
}: CheckoutProps) {
  const [options, setOptions] = useState(initialOptions);
  const [loadingOptions, setLoadingOptions] = useState(true);
  const [stored] = useState(() => readDataClient(ownerId, formKey(owner)));
  const [form, setForm] = useState<OrderFormData>(
    () => stored?.form ?? emptyOrderForm(initialOptions.costoConsegna),
  );
  // A card order awaiting payment when the tab was reloaded: its dialog again, from the summary.
  const [paying, setPaying] = useState<CardSession | null>(() =>
    awaitingPayment(ownerId, owner, stored, lines),
  );
  const [step, setStep] = useState<Step>(() => (paying ? 'summary' : 'form'));
  const cardKeys = useCardKeys(ownerId, !owner);
  const [cardRefused, setCardRefused] = useState(false);
  const [payChoice, setPayChoice] = useState<PayMethod>(() =>
    paying ? 'carta' : (stored?.payWith ?? 'cassa'),
  );
  const offerCard = !owner && cardKeys !== null && !cardRefused;
  const payWith: PayMethod = offerCard ? payChoice : 'cassa';
  const [dialogCode, setDialogCode] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<OrderFormErrors | undefined>(undefined);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const dishIds = lines.map((line) => line.id);
  const dishesKey = [...new Set(dishIds)].sort().join(',');
  const dishIdsRef = useRef(dishIds);
  dishIdsRef.current = dishIds;

  const reloadOptions = useCallback(
    (signal?: AbortSignal) => {
      setLoadingOptions(true);
      return fetchDeliveryOptions(ownerId, owner, dishIdsRef.current, signal)
        .then((fresh) => {
          setOptions(fresh);
          return fresh;
        })
        .catch((err: unknown) => {
          if (signal?.aborted) return null;
          // The options read on entry stay: the send re-checks everything on the server anyway.
          console.warn('deliveryOptions', err);
          return null;
        })
        .finally(() => {
          if (!signal?.aborted) setLoadingOptions(false);
        });
    },
    [ownerId, owner],
  );

  // Slots for this cart (a slot full in one kitchen area may still take another area's order).
  useEffect(() => {
    void dishesKey;
    const ctl = new AbortController();
    void reloadOptions(ctl.signal);
    return () => ctl.abort();
  }, [reloadOptions, dishesKey]);

  const changeForm = (next: OrderFormData) => {
    setForm(next);
    // Another form is another order: a card order stored for the old one is not resumed.
    patchDataClient(ownerId, formKey(owner), { form: next, card: undefined });
  };

  const choosePayment = (choice: PayMethod) => {
    setPayChoice(choice);
    patchDataClient(ownerId, formKey(owner), { payWith: choice });
    if (choice === 'carta' && cardKeys) preloadCardPayment(cardKeys);
  };

  const sender = useDeliverySender({
    ownerId,
    onSuccess: (sent, attempt) => {
      if (sent.method === 'carta' && sent.answer.table.statusPay !== 1 && attempt.intent) {
        // Stored and awaiting payment: the card dialog (the order's intent kept for the return).
        patchDataClient(ownerId, formKey(owner), { payWith: 'carta', card: attempt.intent });
        setPaying(attempt.intent);
        return;
      }
      // Cassa, or a card send of an order already paid (a resend after the return page).
      dropDeliveryAttempt();
      writeStoredForm(ownerId, formKey(owner), null);
      onPlaced(sent.answer);
    },
    onRefused: (err) => {
      const code = err instanceof ApiError ? err.code : null;
      if (refusalDialogFor(code)) {
        setDialogCode(code);
        return;
      }
      if (err instanceof ApiError && code === 'VALIDATION') {
        const fields = issuesToFormErrors(err.issues ?? []);
        if (Object.keys(fields).length > 0) {
          setServerErrors(fields);
          setStep('form');
          return;
        }
        // No form field to point at (carta not offered any more, a card amount too low, the
        // cart): the reason stays on the summary; cassa remains.
        if (err.message === t.cardPaymentUnavailable) setCardRefused(true);
      }
      if (code === 'CITY_NOT_SERVED') {
        setServerErrors({ city: t.cityNotServed });
        setStep('form');
        return;
      }
      if (code === 'FEE_CHANGED') void reloadOptions();
      setMessage(refusalMessage(code) ?? (err instanceof Error ? err.message : t.networkError));
    },
  });

  /** 'Invia ordine' (cassa) or 'Vai al pagamento' (carta): the body is the same. */
  const send = (method: PayMethod) => {
    setMessage(undefined);
    const cart = linesToSend(lines);
    const { fee } = summaryTotals(cart, form.deliveryOption, options.costoConsegna);
    const orario = form.timeOption === 'asap' ? (options.slots.asap?.[0] ?? '') : (form.deliveryTime ?? '');
    const sid = socketId();
    sender.send(
      {
        ...toOrderFields(form, orario),
        cart,
        ownerId,
        costoConsegna: fee,
        ...(owner ? { isOwner: true } : {}),
        ...(sid ? { socketId: sid } : {}),
      },
      method,
    );
  };

  const chooseAnotherTime = () => {
    setDialogCode(null);
    changeForm({ ...form, deliveryTime: null });
    setStep('form');
    void reloadOptions();
  };

  const body =
    loadingOptions && step === 'form' && options === initialOptions ? (
      <Loading />
    ) : step === 'form' ? (
      <DeliveryForm
        value={form}
        onChange={changeForm}
        cities={options.deliveryCities}
        slots={options.slots}
        serverErrors={serverErrors}
        onSubmit={(valid) => {
          changeForm(valid);
          setMessage(undefined);
          setStep('summary');
        }}
        onBack={onClose}
      />
    ) : (
      <>
        <OrderSummary
          form={form}
          lines={lines}
          costoConsegna={options.costoConsegna}
          asap={options.slots.asap}
          onBack={() => setStep('form')}
          onSend={() => send('cassa')}
          {...(offerCard ? { payWith, onPayWith: choosePayment, onGoToPayment: () => send('carta') } : {})}
          sending={sender.busy}
          message={message}
        />
        <div className="checkout-status">
          <SendStatus
            phase={statusPhase(sender.phase)}
            hasPendingAttempt={sender.pending}
            onRetry={sender.retry}
            onDismiss={sender.dismiss}
          />
        </div>
      </>
    );

  return (
    <ModalDialog
      isOpen
      isDismissable={false}
      overlayClassName="checkout-overlay"
      modalClassName="checkout-modal"
      className="checkout-dialog"
      aria-label={step === 'form' ? t.completeOrderStep : t.orderSummary}
    >
      {body}
      {paying && cardKeys ? (
        <CardPayment
          ownerId={ownerId}
          publishableKey={cardKeys.publishableKey}
          session={paying}
          onBeforeConfirm={() =>
            patchDataClient(ownerId, formKey(owner), { form, payWith: 'carta', card: paying })
          }
          onClose={() => setPaying(null)}
        />
      ) : null}
      <RefusalDialog
        code={dialogCode}
        onChooseAnotherTime={chooseAnotherTime}
        onGoBack={() => {
          setDialogCode(null);
          onLeave();
        }}
      />
    </ModalDialog>
  );
}
