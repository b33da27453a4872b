import { ComingSoon } from '../../components/coming-soon.tsx';
import { x } from '../../texts-extra.ts';

/** `/owner/reservation/{ownerId}[/{tableId}]`: the owner orders for a table (spec 2.7). Built by a later issue; this folder is its home. */
export default function OwnerReservationScreen() {
  return <ComingSoon title={x.ownerReservationTitle} />;
}
