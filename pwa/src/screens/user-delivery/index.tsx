import { ComingSoon } from '../../components/coming-soon.tsx';
import { x } from '../../texts-extra.ts';

/** `/user/delivery/{ownerId}` (spec 2.10). Built by a later issue; this folder is its home. */
export default function UserDeliveryScreen() {
  return <ComingSoon title={x.userDeliveryTitle} />;
}
