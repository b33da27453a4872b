import { useLocation, useParams } from 'react-router';
import { decodeParam } from '../../ordering/table-nav.tsx';
import { PaymentResult } from './payment-result.tsx';

/**
 * `/user/deliverySuccessPayment/{ownerId}` (spec 2.2, 2.11): where the card provider's confirm
 * step returns (`?payment_intent=pi_...`). The server says how the payment went.
 */
export default function UserDeliverySuccessPaymentScreen() {
  const ownerId = decodeParam(useParams().ownerId);
  const { search } = useLocation();
  return <PaymentResult key={ownerId} ownerId={ownerId} search={search} />;
}
