import { awaitsDecision, DELIVERY_ALERT_REPEAT_MS, deskTitle, t, tf } from '@comanda/shared-schema';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorText } from '../../data/api.ts';
import { useEntities, useSyncClient } from '../../data/hooks.ts';
import { beep } from '../../data/sound.ts';
import { useNow } from '../../data/use-now.ts';
import { useLiveEvent } from '../../live/use-live.ts';
import { printingFor } from '../../printing/printing.ts';
import { usePrintRuntime } from '../../printing/use-printing.ts';
import { buildDesk, type DeskData, type DeskEntry } from './desk-logic.ts';
import { deliveryMutators } from './mutators.ts';

/** The desk from the device database (server rows with the outbox on top); undefined while loading. */
export function useDeskData(): DeskData | undefined {
  const orders = useEntities('order');
  const lines = useEntities('line');
  // 'Today' moves slowly: a minute's tick is plenty.
  const now = useNow(60_000);
  return useMemo(() => (orders && lines ? buildDesk(orders, lines, now) : undefined), [orders, lines, now]);
}

/** How long a new delivery stays highlighted. */
const HIGHLIGHT_MS = 6_000;
/** A count event this soon after an order event is the same arrival: one beep, not two. */
const SAME_ARRIVAL_MS = 3_000;

/**
 * New deliveries, live: an `order` event for a pending delivery highlights its card, beeps and
 * says so; an `updateCountDelivery` that raises the count beeps too unless that order event
 * already did (the server sends both). While deliveries wait, the alert repeats every 3 minutes
 * (spec 9), as the dashboard's delivery button does. Sound failures are only logged (sound.ts).
 */
export function useDeliveryAlerts(pendingCount: number, notify: (text: string) => void): ReadonlySet<string> {
  const [recent, setRecent] = useState<ReadonlySet<string>>(new Set());
  const lastBeep = useRef(0);
  const known = useRef(pendingCount);
  known.current = pendingCount;
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const ring = useCallback(() => {
    lastBeep.current = Date.now();
    beep();
  }, []);
  const mark = useCallback((key: string) => {
    setRecent((s) => new Set(s).add(key));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setRecent((s) => {
        const next = new Set(s);
        next.delete(key);
        return next;
      });
    }, HIGHLIGHT_MS);
    timers.current.add(timer);
  }, []);

  useLiveEvent('order', ({ table }) => {
    // A card order rings once paid (spec 4), never while its checkout is under way.
    if (!awaitsDecision(table)) return;
    mark(table.id);
    ring();
    notify(tf.newOrderFor(deskTitle(table)));
  });
  useLiveEvent('updateCountDelivery', ({ count }) => {
    if (count <= known.current || Date.now() - lastBeep.current < SAME_ARRIVAL_MS) return;
    ring();
  });

  const waiting = pendingCount > 0;
  useEffect(() => {
    if (!waiting) return;
    const id = setInterval(ring, DELIVERY_ALERT_REPEAT_MS);
    return () => clearInterval(id);
  }, [waiting, ring]);
  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all) clearTimeout(timer);
    };
  }, []);
  return recent;
}

/** The calls whose refusals the desk tells as toasts (lifting a block has no local effect). */
export const DESK_CALLS: ReadonlySet<string> = new Set([
  ...Object.keys(deliveryMutators),
  'deliveryUnblockSender',
]);

export interface DeskActions {
  accept: (entry: DeskEntry) => void;
  reject: (entry: DeskEntry) => void;
  /** 'Rifiuta selezionati': one rejection each, queued in order. */
  rejectMany: (entries: readonly DeskEntry[]) => void;
  /** 'Blocca mittente': rejects the order and blocks who sent it. */
  block: (entry: DeskEntry) => void;
  /** 'Sblocca' on a blocked sender. */
  unblock: (id: string) => void;
  setPaid: (entry: DeskEntry, paid: boolean) => void;
}

/** The desk's decisions, each queued in the outbox (shown at once, sent when the network allows). */
export function useDeskActions(fail: (text: string) => void, done: (text: string) => void): DeskActions {
  const sync = useSyncClient();
  // The print connection is up while the desk is open, so "printing has failed" is known at accept.
  usePrintRuntime();
  const run = useCallback(
    (p: Promise<unknown>, after?: () => void) => {
      p.then(after, (err: unknown) => fail(errorText(err)));
    },
    [fail],
  );
  return useMemo(
    () => ({
      // Spec 4: an accepted order goes to the printer unless printing has failed (then it waits
      // for 'stampa con il browser'); printed once the accept has reached the server.
      accept: (entry) =>
        run(
          sync.mutate('deliveryAccept', { deliveryId: entry.key }).then((mutationId) => {
            printingFor(sync).autoPrint({
              target: { deliveryId: entry.key },
              from: 'order',
              afterMutation: mutationId,
            });
          }),
          () => done(t.deliveryAcceptedNotice),
        ),
      // The version this tablet had seen: lines that arrived after it make the server refuse.
      reject: (entry) =>
        run(sync.mutate('deliveryReject', { deliveryId: entry.key, seenVersion: sync.version$.value })),
      rejectMany: (entries) => {
        const seenVersion = sync.version$.value;
        run(
          (async () => {
            for (const entry of entries)
              await sync.mutate('deliveryReject', { deliveryId: entry.key, seenVersion });
          })(),
        );
      },
      block: (entry) =>
        run(
          sync.mutate('deliveryBlockSender', { deliveryId: entry.key, seenVersion: sync.version$.value }),
          () => done(t.senderBlockedNotice),
        ),
      unblock: (id) => run(sync.mutate('deliveryUnblockSender', { id })),
      setPaid: (entry, paid) =>
        run(sync.mutate('deliveryChangeStatusPay', { deliveryId: entry.key, status: paid ? 1 : 0 })),
    }),
    [sync, run, done],
  );
}
