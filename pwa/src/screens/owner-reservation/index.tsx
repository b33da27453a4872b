import { t } from '@comanda/shared-schema';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Page } from '../../components/page.tsx';
import { AddToDelivery } from '../../delivery-ordering/add-to-delivery.tsx';
import { DeliveryOrdering } from '../../delivery-ordering/delivery-ordering.tsx';
import { decodeParam } from '../../ordering/table-nav.tsx';
import { TableOrdering } from '../../ordering/table-ordering.tsx';
import { businessIdOf, useOwnerSession } from '../../session/use-session.ts';
import { x } from '../../texts-extra.ts';

/**
 * `/owner/reservation/{ownerId}/{tableId}` (spec 2.3, 2.7): the owner orders on behalf of a table,
 * opened from the room screen's 'Ordina'. `/owner/reservation/{ownerId}` without a table is the
 * owner's phone order, 'Nuova consegna / Ritiro', from the delivery desk; with
 * `?consegna={deliveryId}` it adds dishes to that open delivery (`orderRoomCart`).
 */
export default function OwnerReservationScreen() {
  const params = useParams();
  const navigate = useNavigate();
  const { session } = useOwnerSession();
  const ownerId = businessIdOf(session);
  const tableId = decodeParam(params.tableId);
  const [search] = useSearchParams();
  const deliveryId = search.get('consegna');
  // An owner orders only for their own venue.
  if (decodeParam(params.ownerId) !== ownerId) {
    return (
      <Page title={x.ownerReservationTitle}>
        <Alert tone="danger">{t.invalidTable}</Alert>
      </Page>
    );
  }
  if (!tableId && deliveryId) {
    return (
      <AddToDelivery
        key={deliveryId}
        ownerId={ownerId}
        deliveryId={deliveryId}
        onDone={() => void navigate('/owner/delivery')}
      />
    );
  }
  if (!tableId) {
    return (
      <DeliveryOrdering
        key={ownerId}
        ownerId={ownerId}
        actor="owner"
        mode="menu"
        onOwnerDone={() => void navigate('/owner/delivery')}
      />
    );
  }
  return (
    <TableOrdering
      key={`${ownerId}/${tableId}`}
      ownerId={ownerId}
      tableId={tableId}
      actor="owner"
      mode="menu"
      onOwnerDone={() => void navigate('/owner/room')}
    />
  );
}
