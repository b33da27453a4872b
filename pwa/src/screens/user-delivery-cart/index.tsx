import { useParams } from 'react-router';
import { DeliveryOrdering } from '../../delivery-ordering/delivery-ordering.tsx';
import { decodeParam } from '../../ordering/table-nav.tsx';

/** `/user/deliverycart/{ownerId}` (spec 2.2 section 1): the delivery cart alone, with 'Concludi ordine'. */
export default function UserDeliveryCartScreen() {
  const ownerId = decodeParam(useParams().ownerId);
  return <DeliveryOrdering key={ownerId} ownerId={ownerId} actor="user" mode="cart" />;
}
