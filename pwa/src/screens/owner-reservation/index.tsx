import { t } from '@comanda/shared-schema';
import { useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { ComingSoon } from '../../components/coming-soon.tsx';
import { Page } from '../../components/page.tsx';
import { businessIdOf, useOwnerSession } from '../../layouts/owner/owner-session.ts';
import { decodeParam } from '../../ordering/table-nav.tsx';
import { TableOrdering } from '../../ordering/table-ordering.tsx';
import { x } from '../../texts-extra.ts';

/**
 * `/owner/reservation/{ownerId}/{tableId}` (spec 2.3, 2.7): the owner orders on behalf of a table,
 * opened from the room screen's 'Ordina'. Without a table it is the owner's 'Nuova consegna /
 * Ritiro' of issue 6, which replaces the placeholder below.
 */
export default function OwnerReservationScreen() {
  const params = useParams();
  const navigate = useNavigate();
  const { session } = useOwnerSession();
  const ownerId = businessIdOf(session);
  const tableId = decodeParam(params.tableId);
  if (!tableId) return <ComingSoon title={x.ownerReservationTitle} />;
  // An owner orders only for their own venue's tables.
  if (decodeParam(params.ownerId) !== ownerId) {
    return (
      <Page title={x.ownerReservationTitle}>
        <Alert tone="danger">{t.invalidTable}</Alert>
      </Page>
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
