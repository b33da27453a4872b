import { type BlockedSender, romeTime, t, tf } from '@comanda/shared-schema';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { call } from '../../data/api.ts';
import { withDb } from '../../data/db.ts';
import { useSyncClient } from '../../data/hooks.ts';

/**
 * The venue's blocked senders on the delivery desk (DESIGN.md "Abuse"). Blocks live on the
 * server only (they change nothing a tablet shows offline), so the list is read from it: again
 * whenever one of this tablet's 'Blocca mittente' or 'Sblocca' leaves the outbox, and a queued
 * 'Sblocca' hides its sender at once. Offline, the section says the list needs the connection.
 */

export type BlockedList =
  | { state: 'loading' }
  | { state: 'offline' }
  | { state: 'ready'; blocked: readonly BlockedSender[] };

const BLOCK_CALLS: ReadonlySet<string> = new Set(['deliveryBlockSender', 'deliveryUnblockSender']);

export function useBlockedSenders(): BlockedList {
  const sync = useSyncClient();
  const queued = useLiveQuery(
    () =>
      withDb(sync.db, () =>
        sync.db.outbox
          .where('status')
          .equals('pending')
          .filter((e) => BLOCK_CALLS.has(e.name))
          .toArray(),
      ),
    [sync],
  );
  const [list, setList] = useState<BlockedList>({ state: 'loading' });
  // A new read each time the queued entries change: one that left was sent (or refused).
  const queuedKey = queued?.map((e) => e.mutationId).join(',');
  useEffect(() => {
    if (queuedKey === undefined) return;
    let current = true;
    call('deliveryBlockedSenders', {}).then(
      (answer) => {
        if (current) setList({ state: 'ready', blocked: answer.blocked });
      },
      () => {
        // Keep what was read; with nothing read yet, say why the list is missing.
        if (current) setList((prev) => (prev.state === 'ready' ? prev : { state: 'offline' }));
      },
    );
    return () => {
      current = false;
    };
  }, [queuedKey]);
  return useMemo(() => {
    if (list.state !== 'ready') return list;
    const lifting = new Set(
      (queued ?? [])
        .filter((e) => e.name === 'deliveryUnblockSender')
        .map((e) => (e.body as { id?: unknown }).id),
    );
    return { state: 'ready', blocked: list.blocked.filter((b) => !lifting.has(b.id)) };
  }, [list, queued]);
}

/** 'Account bloccato · Connessione bloccata fino alle 20:30 del 16/07'. */
function blockDetails(b: BlockedSender): string {
  const parts: string[] = [];
  if (b.account) parts.push(t.blockedAccount);
  if (b.addressUntil) {
    const until = romeTime(Date.parse(b.addressUntil));
    const [, month, day] = until.date.split('-');
    parts.push(tf.addressBlockedUntil(until.time, `${day}/${month}`));
  }
  return parts.join(' · ');
}

export function BlockedSenders({ list, onUnblock }: { list: BlockedList; onUnblock: (id: string) => void }) {
  const title =
    list.state === 'ready'
      ? tf.sectionCount(t.blockedSendersTitle, list.blocked.length)
      : t.blockedSendersTitle;
  return (
    <section className="desk-section desk-section-blocked" aria-labelledby="desk-section-blocked">
      <h2 id="desk-section-blocked" className="desk-section-title">
        {title}
      </h2>
      {list.state === 'loading' && <p className="desk-muted">{t.loading}</p>}
      {list.state === 'offline' && <p className="desk-muted">{t.blockedSendersOffline}</p>}
      {list.state === 'ready' && list.blocked.length === 0 && (
        <p className="desk-muted">{t.noBlockedSenders}</p>
      )}
      {list.state === 'ready' && list.blocked.length > 0 && (
        <ul className="desk-blocked-list">
          {list.blocked.map((b) => {
            const who = b.label || t.senderWithoutName;
            return (
              <li key={b.id} className="desk-blocked">
                <span className="desk-blocked-who">{who}</span>
                <span className="desk-muted desk-blocked-details">{blockDetails(b)}</span>
                <Button
                  variant="secondary"
                  className="desk-action desk-unblock"
                  aria-label={tf.unblockSender(who)}
                  onPress={() => onUnblock(b.id)}
                >
                  {t.unblock}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
