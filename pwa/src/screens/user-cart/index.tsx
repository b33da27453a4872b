import { useParams } from 'react-router';
import { decodeParam } from '../../ordering/table-nav.tsx';
import { TableOrdering } from '../../ordering/table-ordering.tsx';

/** `/user/cart/{ownerId}/{tableId}` (spec 2.2 section 3): the table's cart alone, with 'Ordina'. */
export default function UserCartScreen() {
  const params = useParams();
  const ownerId = decodeParam(params.ownerId);
  const tableId = decodeParam(params.tableId);
  return (
    <TableOrdering
      key={`${ownerId}/${tableId}`}
      ownerId={ownerId}
      tableId={tableId}
      actor="user"
      mode="cart"
    />
  );
}
