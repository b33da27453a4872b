import { ComingSoon } from '../../components/coming-soon.tsx';
import { x } from '../../texts-extra.ts';

/** `/user/deliverySuccessPayment/{ownerId}` (spec 2.11). Built by a later issue; this folder is its home. */
export default function UserDeliverySuccessPaymentScreen() {
  return <ComingSoon title={x.userDeliverySuccessTitle} />;
}
