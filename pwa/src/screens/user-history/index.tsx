import { formatEuro, orderBill, type ReservationLine, t, tf } from '@comanda/shared-schema';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Loading } from '../../components/loading.tsx';
import { useDocumentTitle } from '../../components/page.tsx';
import { call } from '../../data/api.ts';
import { CallWaiter } from '../../ordering/call-waiter.tsx';
import { variantSummary } from '../../ordering/cart-line.tsx';
import { cartStoreFor, tableScope } from '../../ordering/cart-store.ts';
import { readUserCache } from '../../ordering/session-store.ts';
import { decodeParam, TableNav } from '../../ordering/table-nav.tsx';
import { useCustomerLive } from '../../ordering/use-customer-live.ts';
import { useTableChecks } from '../../ordering/use-table-checks.ts';
import '../../ordering/ordering.css';

type HistoryState =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; lines: ReservationLine[]; sconto: number };

function HistoryLine({ line }: { line: ReservationLine }) {
  const deleted = line.status === 'owner_deleted';
  const summary = variantSummary({ variants: line.variant });
  return (
    <li className={deleted ? 'history-line history-line-deleted' : 'history-line'}>
      <div className="cart-line-head">
        <span className="cart-line-name">{tf.lineAmount(line.amount, line.name)}</span>
        <span className="cart-line-total">{formatEuro(deleted ? 0 : line.price * line.amount)}</span>
      </div>
      {summary.length > 0 ? (
        <dl className="cart-line-variants">
          {summary.map(([name, labels]) => (
            <div key={name}>
              <dt>{name}:</dt> <dd>{labels}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {line.note ? <p className="cart-line-note">{line.note}</p> : null}
      <span className={line.printed === 1 ? 'badge badge-ok' : 'badge badge-warn'}>
        {deleted ? t.lineStatusDeleted : line.printed === 1 ? t.printedCompleted : t.printedInPreparation}
      </span>
    </li>
  );
}

/**
 * The table's total as the owner will collect it (the one rule of every screen, shared-schema
 * `orderBill`): with a discount, the dishes and the discount above it.
 */
function HistoryTotal({ lines, sconto }: { lines: readonly ReservationLine[]; sconto: number }) {
  const totals = orderBill({ sconto }, lines);
  return (
    <>
      {totals.sconto > 0 ? (
        <>
          <p className="history-sum-row">
            <span>{t.rowSubtotal}</span>
            <span>{formatEuro(totals.subtotal)}</span>
          </p>
          <p className="history-sum-row">
            <span>{t.rowDiscount}</span>
            <span>−{formatEuro(totals.sconto)}</span>
          </p>
        </>
      ) : null}
      <p className="cart-total">
        <span>{t.orderTotal}</span>
        <strong>{formatEuro(totals.newTotal)}</strong>
      </p>
    </>
  );
}

/**
 * `/user/history/{ownerId}/{tableId}` (spec 2.2 section 1): the table's header as on its other
 * tabs (venue, 'Tavolo n', the sections, 'Chiama il cameriere'), and what it has ordered so far,
 * from `/api/history/user/get`: quantities, variants, notes, 'In preparazione' / 'Completato'
 * (printed flag), and the total (lines the owner deleted count as 0, the owner's discount out).
 */
export default function UserHistoryScreen() {
  const params = useParams();
  const ownerId = decodeParam(params.ownerId);
  const tableId = decodeParam(params.tableId);
  const scope = tableScope(ownerId, tableId);
  const store = useMemo(() => cartStoreFor(scope), [scope]);
  const cart = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  // The venue's name and the table's number for the header, as the other tabs of the table.
  const { checks } = useTableChecks(ownerId, tableId, scope, 'user');
  const ready = checks.state === 'ready';
  const cached = readUserCache(scope);
  const venueName = ready ? checks.venueName : (cached?.venueName ?? null);
  const tableNumber = ready ? checks.tableNumber : (cached?.tableNumber ?? null);
  const live = useCustomerLive(ownerId, tableId, {}, ready);
  const [history, setHistory] = useState<HistoryState>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useDocumentTitle(t.historyTitle);

  useEffect(() => {
    void round;
    const controller = new AbortController();
    setHistory((h) => (h.state === 'ready' ? h : { state: 'loading' }));
    call('userHistoryGet', { tableId, ownerId }, { signal: controller.signal })
      .then((answer) => setHistory({ state: 'ready', lines: answer.history, sconto: answer.sconto ?? 0 }))
      .catch(() => {
        if (!controller.signal.aborted) setHistory({ state: 'failed' });
      });
    return () => controller.abort();
  }, [ownerId, tableId, round]);

  const count = cart.lines.reduce((n, line) => n + line.amount, 0);
  return (
    <div className="ordering ordering-history">
      <header className="ordering-head">
        <div>
          <p className="ordering-eyebrow">
            {[venueName, tableNumber ? tf.table(tableNumber) : null].filter(Boolean).join(' · ')}
          </p>
          <h1>{t.historyTitle}</h1>
        </div>
        <TableNav ownerId={ownerId} tableId={tableId} count={count} />
      </header>
      <div className="ordering-notices">
        <CallWaiter ownerId={ownerId} tableId={tableId} connection={live.connection} />
      </div>
      {history.state === 'loading' ? <Loading /> : null}
      {history.state === 'failed' ? (
        <Alert tone="danger">
          <p>{t.historyError}</p>
          <Button variant="secondary" onPress={() => setRound((n) => n + 1)}>
            {t.retry}
          </Button>
        </Alert>
      ) : null}
      {history.state === 'ready' ? (
        <section className="cart-panel history-panel">
          {history.lines.length === 0 ? (
            <p className="cart-empty">{t.historyEmpty}</p>
          ) : (
            <ul className="cart-lines">
              {history.lines.map((line) => (
                <HistoryLine key={line.id} line={line} />
              ))}
            </ul>
          )}
          <div className="cart-foot">
            <HistoryTotal lines={history.lines} sconto={history.sconto} />
            <Button variant="secondary" block onPress={() => setRound((n) => n + 1)}>
              {t.update}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
