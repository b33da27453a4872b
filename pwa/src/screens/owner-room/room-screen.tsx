import { CONFIRM_DELAY_MS, NARROW_BREAKPOINT_PX, t, tf } from '@comanda/shared-schema';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Loading } from '../../components/loading.tsx';
import { Page } from '../../components/page.tsx';
import { QrSheet } from '../../components/qr-sheet.tsx';
import { useSnackbar } from '../../components/snackbar.tsx';
import { customerTablePath } from '../../components/table-links.ts';
import { ToggleSwitch } from '../../components/toggle-switch.tsx';
import { sortRooms } from '../../data/floor.ts';
import { useOutboxSummary, useSyncClient } from '../../data/hooks.ts';
import { resetKitchenFilter } from '../../data/kitchen-filter.ts';
import { useSyncReadiness } from '../../data/use-sync-readiness.ts';
import { useUserVersion } from '../../data/use-user-version.ts';
import { useLiveEvent } from '../../live/use-live.ts';
import { OrderViewDialog } from '../../order-view/index.ts';
import { SwitchProblemDialog } from '../../owner-switch/switch-problem-dialog.tsx';
import { useCustomerView } from '../../owner-switch/use-customer-view.ts';
import { businessIdOf, useOwnerSession } from '../../session/use-session.ts';
import { x, xf } from '../../texts-extra.ts';
import type { Point } from './drag.ts';
import { ManageRoomsDialog } from './manage-rooms-dialog.tsx';
import { ROOM_MUTATION_NAMES } from './mutators.ts';
import { RoomCanvas } from './room-canvas.tsx';
import { byNumber, pickCurrentRoom, refusalText, type TableView, tablesOfRoom } from './room-logic.ts';
import { useRoomActions } from './use-room-actions.ts';
import { useMediaQuery, useRoomData } from './use-room-data.ts';
import { useTableStatus } from './use-table-status.ts';
import { VersionPanels } from './version-panels.tsx';

export const NARROW_QUERY = `(max-width: ${NARROW_BREAKPOINT_PX}px)`;

/**
 * `/owner/room` (spec 2.4, 2.5, 4): room tabs, the tables of the current room on a 2000-unit
 * canvas, 'Gestisci sale', 'Gestisci tavoli', 'Abilita ordini'. Everything renders from the device
 * database and every change goes through the outbox, so the screen works offline; only the
 * table status waits for the server (spec 4).
 */
export function RoomScreen() {
  const { session } = useOwnerSession();
  const ownerId = businessIdOf(session);
  const sync = useSyncClient();
  const { readiness, retry } = useSyncReadiness();
  const data = useRoomData();
  const version = useUserVersion(ownerId, data?.business?.userVersion, session.version ?? null);
  const status = useTableStatus();
  const narrow = useMediaQuery(NARROW_QUERY);
  const outbox = useOutboxSummary();
  const actions = useRoomActions(data?.tables ?? []);

  const [selected, setSelected] = useState<string | null>(null);
  const [unlocked, setUnlocked] = useState(false);
  const [roomsOpen, setRoomsOpen] = useState(false);
  const [qrOpen, setQrOpen] = useState(false);
  const [toDelete, setToDelete] = useState<TableView | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  // Spec 2.4: entering this screen resets the owner's reservation (kitchen-area) filter.
  useEffect(() => resetKitchenFilter(), []);

  // Versioned frames already poke catch-up; catching up here too covers a frame without one.
  const refresh = useCallback(() => void sync.catchUp(), [sync]);
  useLiveEvent('updateRoom', refresh);
  useLiveEvent('enableOrder', refresh);
  useLiveEvent('disableOrder', refresh);

  const rooms = useMemo(() => sortRooms(data?.rooms ?? []), [data?.rooms]);
  const currentId = pickCurrentRoom(rooms, selected);
  const current = rooms.find((room) => room.id === currentId) ?? null;
  const { statusOf } = status;
  const tables = useMemo(
    () => tablesOfRoom(data?.tables ?? [], currentId, data?.orders, statusOf),
    [data?.tables, data?.orders, currentId, statusOf],
  );
  const refused = (outbox?.refused ?? []).filter((entry) => ROOM_MUTATION_NAMES.has(entry.name));

  const { moveTable } = actions;
  const onMove = useCallback(
    async (id: string, at: Point) => {
      const error = await moveTable(id, at);
      if (error) setActionError(error);
      return error === null;
    },
    [moveTable],
  );
  const onRequestDelete = useCallback((table: TableView) => setToDelete(table), []);
  const onView = useCallback((table: TableView) => setViewing(table.id), []);
  const customerView = useCustomerView();
  const { open: openCustomerView } = customerView;
  const onOpenAsCustomer = useCallback(
    (table: TableView) => openCustomerView(customerTablePath(ownerId, table.id)),
    [openCustomerView, ownerId],
  );
  const { toggle } = status;
  const onToggleStatus = useCallback((table: TableView) => void toggle(table), [toggle]);

  const report = (error: string | null) => {
    if (error) setActionError(error);
  };
  const notify = useSnackbar();

  if (readiness === 'failed') {
    return (
      <Page title={x.navRoom}>
        <Alert tone="danger">{t.genericError}</Alert>
        <p>
          <Button variant="primary" onPress={retry}>
            {t.retry}
          </Button>
        </p>
      </Page>
    );
  }
  if (readiness === 'loading' || !data) return <Loading />;

  const orderEnabled = data.business?.orderEnabled === 1;

  return (
    <Page title={x.navRoom}>
      <div className="room-screen">
        <div className="room-toolbar">
          {narrow ? null : (
            <>
              <Button variant="secondary" onPress={() => setRoomsOpen(true)}>
                {t.manageRooms}
              </Button>
              <ToggleSwitch isSelected={unlocked} onChange={setUnlocked}>
                {t.manageTables}
              </ToggleSwitch>
            </>
          )}
          <ToggleSwitch
            isSelected={orderEnabled}
            isDisabled={!data.business}
            onChange={() => void actions.toggleOrders().then(report)}
          >
            {t.enableOrders}
          </ToggleSwitch>
          {!narrow && unlocked && current ? (
            <Button variant="primary" onPress={() => void actions.addTable(current.id).then(report)}>
              {t.addTable}
            </Button>
          ) : null}
          <Button
            variant="ghost"
            className="room-print-button"
            isDisabled={!current}
            onPress={() => setQrOpen(true)}
          >
            {x.printQr}
          </Button>
        </div>

        <div className="room-messages">
          {actionError ? (
            <Alert tone="danger" className="room-dismissable">
              <span>{actionError}</span>
              <Button variant="ghost" onPress={() => setActionError(null)}>
                {t.close}
              </Button>
            </Alert>
          ) : null}
          {status.error ? (
            <Alert tone={status.canToggle ? 'danger' : 'warning'} className="room-dismissable">
              <span>{status.error}</span>
              <Button variant="ghost" onPress={status.clearError}>
                {t.close}
              </Button>
            </Alert>
          ) : null}
          {refused.length > 0 ? (
            <Alert tone="danger">
              <ul className="room-refusals">
                {refused.map((entry) => (
                  <li key={entry.mutationId}>{refusalText(entry)}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
        </div>

        {rooms.length === 0 || !current ? (
          <p className="room-empty">{t.noRooms}</p>
        ) : (
          <Tabs
            className="room-tabs"
            selectedKey={current.id}
            onSelectionChange={(key) => setSelected(String(key))}
          >
            <TabList aria-label={x.roomTabsLabel} className="room-tablist">
              {rooms.map((room) => (
                <Tab key={room.id} id={room.id} className="tab room-tab">
                  {room.name}
                </Tab>
              ))}
            </TabList>
            {rooms.map((room) => (
              <TabPanel key={room.id} id={room.id} className="room-tabpanel">
                {room.id === current.id ? (
                  <>
                    {tables.length === 0 ? <p className="room-empty">{x.noTablesInRoom}</p> : null}
                    <RoomCanvas
                      roomName={room.name}
                      tables={tables}
                      narrow={narrow}
                      unlocked={unlocked && !narrow}
                      ownerId={ownerId}
                      canToggleStatus={status.canToggle}
                      statusBusyId={status.busyId}
                      onMove={onMove}
                      onRequestDelete={onRequestDelete}
                      onToggleStatus={onToggleStatus}
                      onView={onView}
                      onOpenAsCustomer={onOpenAsCustomer}
                    />
                  </>
                ) : null}
              </TabPanel>
            ))}
          </Tabs>
        )}

        <VersionPanels version={version} room={current} statusOf={statusOf} />

        <ManageRoomsDialog
          isOpen={roomsOpen && !narrow}
          onClose={() => setRoomsOpen(false)}
          rooms={rooms}
          onAdd={actions.addRoom}
          onRename={actions.renameRoom}
          onDelete={actions.deleteRoom}
        />
        <ConfirmDialog
          isOpen={toDelete !== null}
          question={toDelete ? xf.deleteTableQuestion(toDelete.number) : ''}
          delayMs={CONFIRM_DELAY_MS}
          onCancel={() => setToDelete(null)}
          onConfirm={() => {
            const table = toDelete;
            setToDelete(null);
            if (!table) return;
            void actions.deleteTable(table.id).then((error) => {
              report(error);
              if (!error) notify(tf.tableDeletedNotice(table.number));
            });
          }}
        />
        <QrSheet
          isOpen={qrOpen && current !== null}
          onClose={() => setQrOpen(false)}
          title={xf.qrSheetTitle(current?.name ?? '')}
          tables={byNumber(tables)}
          ownerId={ownerId}
        />
        {viewing ? <OrderViewDialog tableId={viewing} onClose={() => setViewing(null)} /> : null}
        <SwitchProblemDialog problem={customerView.problem} onClose={customerView.dismiss} />
      </div>
    </Page>
  );
}
