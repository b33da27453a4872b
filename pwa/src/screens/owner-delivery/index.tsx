import { t } from '@comanda/shared-schema';
import { ComingSoon } from '../../components/coming-soon.tsx';

/** `/owner/delivery`. Built by a later issue; this folder is its home. */
export default function OwnerDeliveryScreen() {
  return <ComingSoon title={t.deliveries} />;
}
