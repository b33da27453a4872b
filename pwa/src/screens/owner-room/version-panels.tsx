import { formatEuro, type Room, type RoomTable, t, tf } from '@comanda/shared-schema';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { eveningOrders, type FloorTable, roomGlance } from '../../data/floor.ts';
import { useFloor } from '../../data/use-floor.ts';
import { useNow } from '../../data/use-now.ts';
import { showsPanelOne, showsPanelTwo, type UserVersion } from '../../data/use-user-version.ts';

function minutesSince(at: number, now: number): number {
  return Math.max(0, Math.floor((now - at) / 60_000));
}

function longestLabel(table: FloorTable | null, now: number): string {
  if (!table || table.openedAt === null) return t.glanceNone;
  return `${tf.table(table.number)} · ${tf.openFor(minutesSince(table.openedAt, now))}`;
}

/** Version 1 or 3 (spec 2.4): the current room at a glance, from the device's open orders. */
function RoomGlancePanel({ room, floor, now }: { room: Room; floor: readonly FloorTable[]; now: number }) {
  const id = useId();
  const glance = roomGlance(floor, room.id);
  const items: Array<[string, string]> = [
    [t.glanceBusyTables, tf.countOf(glance.busy, glance.tables)],
    [t.glanceOpenTotal, formatEuro(glance.openTotal)],
    [t.glanceLongestWait, longestLabel(glance.longest, now)],
    [t.glanceCalls, String(glance.calls)],
  ];
  return (
    <section className="card room-version-panel" aria-labelledby={id} data-panel="room">
      <h2 id={id}>{tf.roomGlanceTitle(room.name)}</h2>
      <dl className="room-glance">
        {items.map(([label, value]) => (
          <div
            key={label}
            className={label === t.glanceCalls && glance.calls > 0 ? 'room-glance-alert' : undefined}
          >
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Version 2 or 3 (spec 2.4): the evening's deliveries and pickups, by the time they are due. */
function EveningPanel({ orders }: { orders: ReturnType<typeof eveningOrders> }) {
  const id = useId();
  return (
    <section className="card room-version-panel" aria-labelledby={id} data-panel="evening">
      <h2 id={id}>{t.eveningTitle}</h2>
      {orders.length === 0 ? (
        <p className="room-empty">{t.eveningEmpty}</p>
      ) : (
        <ol className="evening-list">
          {orders.map((order) => (
            <li key={order.id}>
              <span className="evening-time">{order.orario ?? t.asSoonAsPossible}</span>
              <span className="evening-who">
                <span>{[order.tipo, order.name].filter(Boolean).join(' · ')}</span>
                {order.comune ? <span className="evening-place">{order.comune}</span> : null}
              </span>
              <span className="evening-total">{formatEuro(order.total)}</span>
              {order.toAccept ? <span className="badge badge-warn">{t.eveningToAccept}</span> : null}
            </li>
          ))}
        </ol>
      )}
      <p className="evening-link">
        <Link to="/owner/delivery">{t.openDeliveryDesk}</Link>
      </p>
    </section>
  );
}

/**
 * The extra panels of spec 2.4: version 1 or 3 shows the room at a glance (tables occupied, the
 * open total, the table open the longest, waiter calls), version 2 or 3 the evening's
 * deliveries and pickups by time. Both read the device database, so they work offline and
 * follow live changes. The owner picks the version in Profilo.
 */
export function VersionPanels({
  version,
  room,
  statusOf,
}: {
  version: UserVersion | null;
  room: Room | null;
  statusOf: (table: RoomTable) => boolean;
}) {
  const data = useFloor(statusOf);
  const now = useNow(30_000);
  const evening = useMemo(() => (data ? eveningOrders(data.orders, data.lines) : []), [data]);
  const one = showsPanelOne(version) && room !== null;
  const two = showsPanelTwo(version);
  if (!data || (!one && !two)) return null;
  return (
    <div className="room-version-panels" data-version={version ?? undefined}>
      {one && room ? <RoomGlancePanel room={room} floor={data.floor} now={now} /> : null}
      {two ? <EveningPanel orders={evening} /> : null}
    </div>
  );
}
