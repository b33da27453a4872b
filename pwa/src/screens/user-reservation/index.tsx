import { ComingSoon } from '../../components/coming-soon.tsx';
import { x } from '../../texts-extra.ts';

/** `/user/reservation/{ownerId}/{tableId}` (spec 2.7-2.9). Built by a later issue; this folder is its home. */
export default function UserReservationScreen() {
  return <ComingSoon title={x.userReservationTitle} />;
}
