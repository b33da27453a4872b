import { OrderSuccess } from '../ordering/order-success.tsx';
import { DeliveryRecap, progressOfSent } from './delivery-recap.tsx';
import type { DeliveryOrderAnswer } from './delivery-send.ts';

/**
 * The result of a delivery or pickup send (spec 2.11): 'Ordine effettuato con successo!' for the
 * owner's phone order; for a customer 'Abbiamo ricevuto il tuo ordine!' with the recap and the
 * venue's decision as it comes (DeliveryRecap).
 */
export function DeliverySuccess({
  ownerId,
  owner,
  placed,
  onClose,
}: {
  ownerId: string;
  owner: boolean;
  placed: DeliveryOrderAnswer;
  onClose: () => void;
}) {
  return (
    <OrderSuccess owner={owner} onClose={onClose}>
      {owner ? null : (
        <DeliveryRecap
          ownerId={ownerId}
          deliveryId={placed.deliveryId}
          initial={progressOfSent(placed.deliveryId, placed.table)}
        />
      )}
    </OrderSuccess>
  );
}
