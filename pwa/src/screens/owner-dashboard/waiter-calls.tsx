import { type RoomTable, t, tf } from '@comanda/shared-schema';
import { useEffect, useMemo, useState } from 'react';
import { Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { Button } from '../../components/button.tsx';
import { BellIcon } from '../../components/icons.tsx';
import { useEntities } from '../../data/hooks.ts';
import { beep } from '../../data/sound.ts';
import './floating-controls.css';

/** How often an unanswered call rings again while the list is closed. */
export const RING_EVERY_MS = 4_000;

/** Called tables by number: the bell's list (spec 2.6, unlimited, unlike the toasts). */
export function calledTables(tables: readonly RoomTable[] | undefined): RoomTable[] {
  return (tables ?? []).filter((table) => table.called === true).sort((a, b) => a.number - b.number);
}

/**
 * Rings while a call nobody has looked at is pending: a call rings the moment it arrives (live or
 * by catch-up after the Wi-Fi came back) and keeps ringing until the list is opened and closed.
 */
function useRinging(calls: readonly RoomTable[], open: boolean): [boolean, () => void] {
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set());
  const unseen = calls.some((table) => !seen.has(table.id));
  const ringing = unseen && !open;
  useEffect(() => {
    if (!ringing) return;
    beep();
    const id = setInterval(beep, RING_EVERY_MS);
    return () => clearInterval(id);
  }, [ringing]);
  const acknowledge = () => setSeen(new Set(calls.map((table) => table.id)));
  return [ringing, acknowledge];
}

/**
 * The call-waiter bell (spec 2.6): a badge with the number of calling tables; its list shows one
 * persistent toast per table, 'Il Tavolo {n} richiede il cameriere', whose dismissal answers the
 * call on every device (through the outbox, so it works offline too).
 */
export function WaiterCalls({ onDismiss }: { onDismiss: (table: RoomTable) => void }) {
  const tables = useEntities('table');
  const calls = useMemo(() => calledTables(tables), [tables]);
  const [open, setOpen] = useState(false);
  const [ringing, acknowledge] = useRinging(calls, open);

  return (
    <DialogTrigger
      isOpen={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Spec 2.6: ringing stops when the list closes.
        if (!next) acknowledge();
      }}
    >
      <Button
        variant="secondary"
        className={ringing ? 'dash-fab-button dash-bell dash-ringing' : 'dash-fab-button dash-bell'}
        aria-label={tf.waiterCallsCount(calls.length)}
      >
        <BellIcon />
        <span className="dash-fab-text">{t.callWaiter}</span>
        {calls.length > 0 && (
          // The number is drawn by CSS from data-count: the name (aria-label) says it, and the
          // visible text stays the label's own words (axe label-content-name-mismatch).
          <span className="dash-badge" aria-hidden="true" data-count={tf.count(calls.length)} />
        )}
      </Button>
      <Popover placement="top end" className="popover dash-calls-popover">
        <Dialog className="dash-calls" aria-labelledby="dash-calls-title">
          <Heading id="dash-calls-title" className="dash-calls-title">
            {t.callWaiter}
          </Heading>
          {calls.length === 0 ? (
            <p className="dash-calls-empty">{t.noWaiterCalls}</p>
          ) : (
            <ul className="dash-calls-list">
              {calls.map((table) => (
                <li key={table.id}>
                  <div className="owner-toast dash-toast-call" role="status">
                    <span>{tf.tableCallsWaiter(table.number)}</span>
                    <Button
                      variant="secondary"
                      className="dash-call-dismiss"
                      aria-label={`${t.dismissWaiterCall}: ${tf.table(table.number)}`}
                      onPress={() => onDismiss(table)}
                    >
                      {t.dismissWaiterCall}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
