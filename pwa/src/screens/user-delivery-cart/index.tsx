import { ComingSoon } from '../../components/coming-soon.tsx';
import { x } from '../../texts-extra.ts';

/** `/user/deliverycart/{ownerId}`. Built by a later issue; this folder is its home. */
export default function UserDeliveryCartScreen() {
  return <ComingSoon title={x.userDeliveryCartTitle} />;
}
