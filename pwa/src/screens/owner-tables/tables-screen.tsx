import { t, tf } from '@comanda/shared-schema';
import { useCallback, useMemo, useState } from 'react';
import { Input, Label, SearchField, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { Link } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button, buttonClass } from '../../components/button.tsx';
import { Loading } from '../../components/loading.tsx';
import { Page } from '../../components/page.tsx';
import { QrSheet } from '../../components/qr-sheet.tsx';
import { customerTablePath } from '../../components/table-links.ts';
import { errorText } from '../../data/api.ts';
import type { FloorTable } from '../../data/floor.ts';
import { useSyncClient } from '../../data/hooks.ts';
import { safeLocalStorage } from '../../data/safe-storage.ts';
import { useFloor } from '../../data/use-floor.ts';
import { useNow } from '../../data/use-now.ts';
import { useSyncReadiness } from '../../data/use-sync-readiness.ts';
import { OrderViewDialog } from '../../order-view/index.ts';
import { SwitchProblemDialog } from '../../owner-switch/switch-problem-dialog.tsx';
import { useCustomerView } from '../../owner-switch/use-customer-view.ts';
import { businessIdOf, useOwnerSession } from '../../session/use-session.ts';
import { x } from '../../texts-extra.ts';
import { TableCard } from './table-card.tsx';
import {
  arrangeTables,
  readTablesOrder,
  searchTables,
  storeTablesOrder,
  type TablesOrder,
} from './tables-logic.ts';

const ORDER_LABELS: Record<TablesOrder, string> = { busy: t.tablesBusyFirst, room: t.tablesByRoom };

function minutesSince(at: number | null, now: number): number | null {
  return at === null ? null : Math.max(0, Math.floor((now - at) / 60_000));
}

/**
 * `/owner/tables` (spec 2.3): every table of every room, the fastest way to a table on a phone.
 * A number typed finds it; occupied tables come first (a table calling the waiter on top) or the
 * list goes room by room. Each table shows whether it is free, what its open order is worth and
 * since when, and offers 'Visualizza', 'Ordina', its QR code and 'Apri come cliente' (its menu as
 * a customer, spec 1); all the QR codes print at once.
 * Read from the device database, so it opens offline and follows live changes.
 */
export function TablesScreen() {
  const { session } = useOwnerSession();
  const ownerId = businessIdOf(session);
  const sync = useSyncClient();
  const { readiness, retry } = useSyncReadiness();
  const data = useFloor();
  const now = useNow(30_000);
  const [query, setQuery] = useState('');
  const [order, setOrder] = useState<TablesOrder>(() => readTablesOrder(safeLocalStorage()));
  const [viewing, setViewing] = useState<string | null>(null);
  const [qr, setQr] = useState<FloorTable | 'all' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const floor = data?.floor;
  const found = useMemo(() => searchTables(floor ?? [], query), [floor, query]);
  const groups = useMemo(() => arrangeTables(found, order), [found, order]);
  const busy = (floor ?? []).filter((table) => table.busy).length;

  const customerView = useCustomerView();
  const { open: openCustomerView } = customerView;
  const onOpenAsCustomer = useCallback(
    (table: FloorTable) => openCustomerView(customerTablePath(ownerId, table.id)),
    [openCustomerView, ownerId],
  );
  const onView = useCallback((table: FloorTable) => setViewing(table.id), []);
  const onQr = useCallback((table: FloorTable) => setQr(table), []);
  const onAnswerCall = useCallback(
    (table: FloorTable) => {
      sync
        .mutate('dashboardCallDiscard', { tableId: table.id })
        .catch((err: unknown) => setError(errorText(err)));
    },
    [sync],
  );
  const chooseOrder = (next: TablesOrder) => {
    setOrder(next);
    storeTablesOrder(safeLocalStorage(), next);
  };

  if (!floor) {
    return (
      <Page title={x.navTables}>
        {readiness === 'failed' ? (
          <>
            <Alert tone="danger">{t.genericError}</Alert>
            <p>
              <Button variant="primary" onPress={retry}>
                {t.retry}
              </Button>
            </p>
          </>
        ) : (
          <Loading />
        )}
      </Page>
    );
  }

  const qrTables = qr === 'all' ? floor : qr ? [qr] : [];

  return (
    <Page title={x.navTables}>
      <div className="tbl-screen">
        <div className="tbl-toolbar">
          <SearchField className="field tbl-search" value={query} onChange={setQuery}>
            <Label>{t.tablesSearchLabel}</Label>
            <Input inputMode="numeric" placeholder={t.tablesSearchHint} autoComplete="off" />
          </SearchField>
          <ToggleButtonGroup
            aria-label={t.tablesOrderLabel}
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={[order]}
            onSelectionChange={(keys) => {
              const [first] = [...keys];
              if (first === 'busy' || first === 'room') chooseOrder(first);
            }}
            className="tbl-order"
          >
            {(Object.keys(ORDER_LABELS) as TablesOrder[]).map((key) => (
              <ToggleButton key={key} id={key} className="tbl-order-button">
                {ORDER_LABELS[key]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </div>
        <div className="tbl-summary">
          <p aria-live="polite">
            {t.glanceBusyTables}: <strong>{tf.countOf(busy, floor.length)}</strong>
          </p>
          <Button
            variant="secondary"
            className="tbl-all-qr"
            isDisabled={floor.length === 0}
            onPress={() => setQr('all')}
          >
            {t.allTablesQr}
          </Button>
        </div>
        {error ? (
          <Alert tone="danger" className="tbl-error">
            <span>{error}</span>
            <Button variant="ghost" onPress={() => setError(null)}>
              {t.close}
            </Button>
          </Alert>
        ) : null}

        {floor.length === 0 ? (
          <div className="tbl-empty">
            <p>{t.noTablesYet}</p>
            <Link to="/owner/room" className={buttonClass('primary')}>
              {t.goToRoom}
            </Link>
          </div>
        ) : found.length === 0 ? (
          <p className="tbl-empty">{t.noTableMatches}</p>
        ) : (
          groups.map((group) => (
            <section
              key={group.roomId ?? 'all'}
              className="tbl-group"
              aria-label={group.roomName ?? t.allTables}
            >
              {group.roomName ? <h2 className="tbl-group-title">{group.roomName}</h2> : null}
              <ul className="tbl-list">
                {group.tables.map((table) => (
                  <TableCard
                    key={table.id}
                    table={table}
                    ownerId={ownerId}
                    openMinutes={minutesSince(table.openedAt, now)}
                    showRoom={group.roomName === null}
                    onView={onView}
                    onQr={onQr}
                    onAnswerCall={onAnswerCall}
                    onOpenAsCustomer={onOpenAsCustomer}
                  />
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
      {viewing ? <OrderViewDialog tableId={viewing} onClose={() => setViewing(null)} /> : null}
      <SwitchProblemDialog problem={customerView.problem} onClose={customerView.dismiss} />
      <QrSheet
        isOpen={qr !== null}
        onClose={() => setQr(null)}
        title={qr === 'all' ? `${t.allTablesQr}` : qr ? tf.qrOneTitle(qr.number) : ''}
        tables={qrTables}
        ownerId={ownerId}
        emptyText={t.noTablesYet}
      />
    </Page>
  );
}
