import { t } from '@comanda/shared-schema';
import { ScreenErrorBoundary } from '../../components/screen-error-boundary.tsx';
import { DeliveryDesk } from './delivery-desk.tsx';
import './owner-delivery.css';

/** `/owner/delivery` (spec 2.3, 4): the owner's delivery desk. */
export default function OwnerDeliveryScreen() {
  return (
    <ScreenErrorBoundary title={t.deliveryDeskTitle} screen="owner delivery desk">
      <DeliveryDesk />
    </ScreenErrorBoundary>
  );
}
