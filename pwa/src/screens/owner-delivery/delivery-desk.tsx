import { CONFIRM_DELAY_MS, customerName, deskTitle, t, tf } from '@comanda/shared-schema';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Loading } from '../../components/loading.tsx';
import { useDocumentTitle } from '../../components/page.tsx';
import { useSnackbar } from '../../components/snackbar.tsx';
import { customerDeliveryPath } from '../../components/table-links.ts';
import { ToastRegion, useToasts } from '../../components/toasts.tsx';
import { useRefusalToasts } from '../../data/use-refusal-toasts.ts';
import { useSyncReadiness } from '../../data/use-sync-readiness.ts';
import { CustomerViewButton } from '../../owner-switch/customer-view-button.tsx';
import { businessIdOf, useOwnerSession } from '../../session/use-session.ts';
import { BlockedSenders, useBlockedSenders } from './blocked-senders.tsx';
import { CheckoutsInProgress } from './checkouts-in-progress.tsx';
import { DeliveryCard } from './delivery-card.tsx';
import type { DeskEntry } from './desk-logic.ts';
import { DESK_CALLS, useDeliveryAlerts, useDeskActions, useDeskData } from './use-delivery-desk.ts';

/** Where the owner's phone order ('Nuova consegna / Ritiro', spec 2.3 and 2.7) is entered. */
export function newDeliveryPath(ownerId: string): string {
  return `/owner/reservation/${encodeURIComponent(ownerId)}`;
}

/** Adding dishes to an open delivery (`orderRoomCart`): the phone-order screen names the delivery. */
export function addToDeliveryPath(ownerId: string, deliveryId: string): string {
  return `${newDeliveryPath(ownerId)}?consegna=${encodeURIComponent(deliveryId)}`;
}

/** Who a block names in its confirmation: 'Lucia Bianchi, 3331234567' (else the order's title). */
function senderOf(entry: DeskEntry): string {
  const who = [customerName(entry.order), entry.order.telefono].filter(Boolean).join(', ');
  return who || deskTitle(entry.order);
}

function Section({
  id,
  title,
  entries,
  empty,
  recent,
  toolbar,
  children,
}: {
  id: string;
  title: string;
  entries: readonly DeskEntry[];
  empty: string;
  recent?: ReadonlySet<string>;
  /** Shown above the cards while there are some. */
  toolbar?: React.ReactNode;
  children: (entry: DeskEntry, isNew: boolean) => React.ReactNode;
}) {
  return (
    <section className={`desk-section desk-section-${id}`} aria-labelledby={`desk-section-${id}`}>
      <h2 id={`desk-section-${id}`} className="desk-section-title">
        {tf.sectionCount(title, entries.length)}
      </h2>
      {entries.length > 0 && toolbar}
      {entries.length === 0 ? (
        <p className="desk-muted">{empty}</p>
      ) : (
        <div className="desk-grid">{entries.map((e) => children(e, recent?.has(e.key) ?? false))}</div>
      )}
    </section>
  );
}

/**
 * `/owner/delivery` (spec 2.3, 4 "Delivery order"): the deliveries and pickups awaiting the
 * owner's decision, oldest first, each accepted or rejected (after confirmation) through the
 * outbox; below, today's accepted ones still open, for their payment status. From the device
 * database, so it works while the Wi-Fi is down; new orders ring and light up live. Against a
 * flood (DESIGN.md "Abuse"): several pending orders are rejected at once ('Rifiuta selezionati',
 * one confirmation, one outbox rejection each), and 'Blocca mittente' rejects an order and blocks
 * who sent it; the blocked senders are listed last, each with 'Sblocca'. Card checkouts not paid
 * yet are listed apart ('Pagamenti in corso'), with no decision to take.
 */
export function DeliveryDesk() {
  useDocumentTitle(t.deliveryDeskTitle);
  const { readiness, retry } = useSyncReadiness();
  const { session } = useOwnerSession();
  const navigate = useNavigate();
  const data = useDeskData();
  const { toasts, show, dismiss } = useToasts();
  const fail = useCallback((text: string) => show(text, 'danger'), [show]);
  useRefusalToasts(DESK_CALLS, fail);
  const recent = useDeliveryAlerts(data?.pending.length ?? 0, show);
  // An accept or a block is confirmed by the 2 s snackbar (spec 9); a refusal comes as a toast.
  const notify = useSnackbar();
  const actions = useDeskActions(fail, notify);
  const [rejecting, setRejecting] = useState<DeskEntry | null>(null);
  const askReject = useCallback((entry: DeskEntry) => setRejecting(entry), []);
  const [blocking, setBlocking] = useState<DeskEntry | null>(null);
  const askBlock = useCallback((entry: DeskEntry) => setBlocking(entry), []);
  const blocked = useBlockedSenders();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const select = useCallback((entry: DeskEntry, on: boolean) => {
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(entry.key);
      else next.delete(entry.key);
      return next;
    });
  }, []);
  // Only orders still pending count: one accepted or rejected elsewhere drops out of the choice.
  const chosen = useMemo(() => data?.pending.filter((e) => selected.has(e.key)) ?? [], [data, selected]);
  const [rejectingMany, setRejectingMany] = useState(false);
  const pendingCount = data?.pending.length ?? 0;
  const ownerId = businessIdOf(session);
  const addDishes = useCallback(
    (entry: DeskEntry) => void navigate(addToDeliveryPath(ownerId, entry.key)),
    [navigate, ownerId],
  );

  let body: React.ReactNode;
  if (readiness === 'failed' && !data?.pending.length && !data?.accepted.length) {
    body = (
      <div className="desk-empty">
        <Alert tone="danger">{t.networkError}</Alert>
        <Button variant="primary" onPress={retry}>
          {t.retry}
        </Button>
      </div>
    );
  } else if (!data || readiness === 'loading') {
    body = <Loading />;
  } else {
    body = (
      <div className="desk-sections">
        <Section
          id="pending"
          title={t.pendingDeliveriesTitle}
          entries={data.pending}
          empty={t.noPendingDeliveries}
          recent={recent}
          toolbar={
            <div className="desk-bulk">
              <Checkbox
                isSelected={chosen.length === pendingCount}
                isIndeterminate={chosen.length > 0 && chosen.length < pendingCount}
                onChange={(on) => setSelected(new Set(on ? data.pending.map((e) => e.key) : []))}
              >
                {t.selectAllPending}
              </Checkbox>
              <Button
                variant="secondary"
                className="desk-action desk-reject"
                isDisabled={chosen.length === 0}
                onPress={() => setRejectingMany(true)}
              >
                {tf.rejectSelectedCount(chosen.length)}
              </Button>
            </div>
          }
        >
          {(entry, isNew) => (
            <DeliveryCard
              key={entry.key}
              entry={entry}
              isNew={isNew}
              actions={actions}
              onReject={askReject}
              onBlock={askBlock}
              selected={selected.has(entry.key)}
              onSelect={select}
            />
          )}
        </Section>
        <Section
          id="accepted"
          title={t.acceptedDeliveriesTitle}
          entries={data.accepted}
          empty={t.noAcceptedDeliveries}
        >
          {(entry) => (
            <DeliveryCard
              key={entry.key}
              entry={entry}
              isNew={false}
              actions={actions}
              onAddDishes={addDishes}
            />
          )}
        </Section>
      </div>
    );
  }

  return (
    <div className="desk">
      <div className="desk-toolbar">
        <h1 className="desk-title">{t.deliveryDeskTitle}</h1>
        <Button
          variant="primary"
          className="desk-new"
          onPress={() => void navigate(newDeliveryPath(ownerId))}
        >
          {t.newDeliveryOrPickup}
        </Button>
        {/* The venue's delivery page as its customers see it (spec 1's switch). */}
        <CustomerViewButton
          to={customerDeliveryPath(ownerId)}
          label={t.openDeliveryAsCustomer}
          className="desk-new"
        />
      </div>
      {body}
      {/* Card checkouts not paid yet: apart from the orders to decide, and after them (spec 4). */}
      {data && readiness !== 'loading' && <CheckoutsInProgress entries={data.checkouts} />}
      <BlockedSenders list={blocked} onUnblock={actions.unblock} />
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
      <ConfirmDialog
        question={rejecting ? `${deskTitle(rejecting.order)}: ${t.rejectDeliveryConfirm}` : ''}
        isOpen={rejecting !== null}
        delayMs={CONFIRM_DELAY_MS}
        onCancel={() => setRejecting(null)}
        onConfirm={() => {
          if (rejecting) {
            actions.reject(rejecting);
            notify(t.deliveryRejectedNotice);
          }
          setRejecting(null);
        }}
      />
      <ConfirmDialog
        question={tf.rejectSelectedConfirm(chosen.length)}
        isOpen={rejectingMany}
        delayMs={CONFIRM_DELAY_MS}
        onCancel={() => setRejectingMany(false)}
        onConfirm={() => {
          actions.rejectMany(chosen);
          setSelected(new Set());
          setRejectingMany(false);
        }}
      />
      <ConfirmDialog
        question={blocking ? tf.blockSenderConfirm(senderOf(blocking)) : ''}
        isOpen={blocking !== null}
        delayMs={CONFIRM_DELAY_MS}
        onCancel={() => setBlocking(null)}
        onConfirm={() => {
          if (blocking) actions.block(blocking);
          setBlocking(null);
        }}
      />
    </div>
  );
}
