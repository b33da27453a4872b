import { t, tf } from '@comanda/shared-schema';
import { useMemo, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { useEntities } from '../../data/hooks.ts';
import { OutOfMenuDialog } from '../../order-view/index.ts';
import { type Ticket, ticketTitle } from './dashboard-logic.ts';

interface Target {
  key: string;
  label: string;
}

/**
 * The floating 'Fuori menu' button (spec 2.6). The line must join a table or a delivery, so the
 * owner first picks one (every table of the venue: a free table gets an order; then the open
 * deliveries), and the out-of-menu dialog opens for it.
 */
export function OutOfMenuLauncher({ tickets }: { tickets: readonly Ticket[] }) {
  const tables = useEntities('table');
  const [picking, setPicking] = useState(false);
  const [target, setTarget] = useState<string | null>(null);
  const targets = useMemo<Target[]>(() => {
    const list: Target[] = [...(tables ?? [])]
      .sort((a, b) => a.number - b.number)
      .map((table) => ({ key: table.id, label: tf.table(table.number) }));
    for (const ticket of tickets) {
      if (ticket.order.tableId == null) list.push({ key: ticket.key, label: ticketTitle(ticket.order) });
    }
    return list;
  }, [tables, tickets]);

  return (
    <>
      <Button variant="secondary" className="dash-fab-button" onPress={() => setPicking(true)}>
        {t.outOfMenu}
      </Button>
      <ModalDialog
        isOpen={picking}
        onClose={() => setPicking(false)}
        overlayClassName="dash-modal-overlay"
        modalClassName="dash-modal"
        className="dash-dialog"
        aria-label={t.outOfMenu}
        title={t.tableOrDeliveryRequired}
        titleClassName="dash-dialog-title"
      >
        <div className="dash-pick-list">
          {targets.map((target) => (
            <Button
              key={target.key}
              variant="secondary"
              onPress={() => {
                setPicking(false);
                setTarget(target.key);
              }}
            >
              {target.label}
            </Button>
          ))}
        </div>
        <div className="btn-row dash-dialog-actions">
          <Button variant="ghost" onPress={() => setPicking(false)}>
            {t.cancel}
          </Button>
        </div>
      </ModalDialog>
      {target !== null && <OutOfMenuDialog tableId={target} onClose={() => setTarget(null)} />}
    </>
  );
}
