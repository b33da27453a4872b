import { useParams } from 'react-router';
import { DeliveryOrdering } from '../../delivery-ordering/delivery-ordering.tsx';
import { decodeParam } from '../../ordering/table-nav.tsx';

/** `/user/delivery/{ownerId}` (spec 2.2, 2.7-2.10): a customer orders for delivery or pickup. */
export default function UserDeliveryScreen() {
  const ownerId = decodeParam(useParams().ownerId);
  return <DeliveryOrdering key={ownerId} ownerId={ownerId} actor="user" mode="menu" />;
}
