import { useParams } from 'react-router';
import { decodeParam } from '../../ordering/table-nav.tsx';
import { TableOrdering } from '../../ordering/table-ordering.tsx';

/** `/user/reservation/{ownerId}/{tableId}` (spec 2.2, 2.7-2.9): a customer orders for a table. */
export default function UserReservationScreen() {
  const params = useParams();
  const ownerId = decodeParam(params.ownerId);
  const tableId = decodeParam(params.tableId);
  return (
    <TableOrdering
      key={`${ownerId}/${tableId}`}
      ownerId={ownerId}
      tableId={tableId}
      actor="user"
      mode="menu"
    />
  );
}
