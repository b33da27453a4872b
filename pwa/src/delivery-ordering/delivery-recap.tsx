import {
  type DeliveryProgress,
  type DeliveryProgressStatus,
  formatEuro,
  orderBill,
  type TableOrder,
  t,
  tf,
} from '@comanda/shared-schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../components/button.tsx';
import { call } from '../data/api.ts';
import { useCustomerLive } from '../ordering/use-customer-live.ts';
import './delivery-recap.css';

/** The recap of a delivery the send just stored, from its answer: shown before any read. */
export function progressOfSent(deliveryId: string, table: TableOrder): DeliveryProgress {
  return {
    deliveryId,
    status: table.accettato === 0 ? 'pending' : 'accepted',
    tipo: table.tipo === 'Consegna' ? 'Consegna' : 'Ritiro',
    orario: table.orario ?? null,
    primaPossibile: table.primaPossibile ?? false,
    // The one rule of every total: fee for a Consegna, the card fee of a card order.
    total: orderBill(table, table.reservations).newTotal,
    hasEmail: Boolean(table.email),
  };
}

const STATUS_TEXT: Record<DeliveryProgressStatus, string> = {
  pending: t.deliveryStatusPending,
  accepted: t.deliveryStatusAccepted,
  rejected: t.deliveryStatusRejected,
  completed: t.deliveryStatusCompleted,
};

function nextStep(progress: DeliveryProgress): string {
  switch (progress.status) {
    case 'pending':
      return t.deliveryNextPending;
    case 'accepted':
      return progress.orario
        ? tf.deliveryNextAccepted(progress.tipo, progress.orario)
        : t.deliveryStatusAccepted;
    case 'rejected':
      return t.deliveryNextRejected;
    case 'completed':
      return t.deliveryNextCompleted;
  }
}

type Read = { state: 'reading' } | { state: 'read' } | { state: 'failed' };

/**
 * The result screen's recap of a delivery or pickup (spec 2.11, after 'Abbiamo ricevuto il tuo
 * ordine!'): type, time and total as the summary had them, where the order stands, and what
 * happens next. The venue's decision arrives live (`deliveryStatus` on this account's socket)
 * and is read again (`userDeliveryStatus`) on opening and after every reconnect, so a phone that
 * slept through the accept still shows it. The e-mail lines of spec 2.11 only when the customer
 * gave an address.
 */
export function DeliveryRecap({
  ownerId,
  deliveryId,
  initial = null,
}: {
  ownerId: string;
  deliveryId: string;
  /** What the send's answer already says (null on the card payment's return page). */
  initial?: DeliveryProgress | null;
}) {
  const [progress, setProgress] = useState<DeliveryProgress | null>(initial);
  const [read, setRead] = useState<Read>({ state: 'reading' });
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const refresh = useCallback(() => {
    setRead({ state: 'reading' });
    call('userDeliveryStatus', { ownerId, deliveryId })
      .then((answer) => {
        if (!mounted.current) return;
        setProgress(answer.delivery);
        setRead({ state: 'read' });
      })
      .catch(() => {
        if (mounted.current) setRead({ state: 'failed' });
      });
  }, [ownerId, deliveryId]);

  useEffect(() => refresh(), [refresh]);

  useCustomerLive(ownerId, undefined, {
    onDeliveryStatus: (data) => {
      if (data.deliveryId === deliveryId) setProgress((p) => (p ? { ...p, status: data.status } : p));
    },
    onReconnect: refresh,
  });

  if (!progress) {
    return read.state === 'failed' ? (
      <div className="delivery-recap">
        <p>{t.deliveryStatusUnavailable}</p>
        <Button variant="secondary" onPress={refresh}>
          {t.retry}
        </Button>
      </div>
    ) : (
      <p className="delivery-recap spinner-text">{t.loading}</p>
    );
  }
  const decided = progress.status !== 'pending';
  return (
    <section className="delivery-recap" aria-label={t.deliveryRecap}>
      <dl className="delivery-recap-facts">
        <div>
          <dt>{t.deliveryType}</dt>
          <dd>{progress.tipo === 'Consegna' ? t.delivery : t.pickup}</dd>
        </div>
        {progress.orario ? (
          <div>
            <dt>{t.time}</dt>
            <dd>{tf.recapTime(progress.orario, progress.primaPossibile)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t.orderTotal}</dt>
          <dd>{formatEuro(progress.total)}</dd>
        </div>
        <div>
          <dt>{t.deliveryStatusLabel}</dt>
          <dd>
            <span
              className={`delivery-recap-status delivery-recap-${progress.status}`}
              data-status={progress.status}
            >
              {STATUS_TEXT[progress.status]}
            </span>
          </dd>
        </div>
      </dl>
      {/* Announced when it changes: the decision arrives while the customer waits on this screen. */}
      <p className="delivery-recap-next" role="status">
        {nextStep(progress)}
      </p>
      {progress.hasEmail && progress.status !== 'rejected' ? (
        <>
          <p>{decided ? t.deliveryEmailSent : t.orderEmailWillFollow}</p>
          <p className="field-hint">{t.checkSpam}</p>
        </>
      ) : null}
    </section>
  );
}
