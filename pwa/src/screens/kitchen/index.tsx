import { t } from '@comanda/shared-schema';
import { ScreenErrorBoundary } from '../../components/screen-error-boundary.tsx';
import { KitchenScreen } from './kitchen-screen.tsx';
import './kitchen.css';

/**
 * `/owner/kitchen`: the kitchen display, a full-screen route of its own (no owner navigation).
 * It imports no other screen: a kitchen account with only this screen needs nothing else.
 */
export default function KitchenDisplayScreen() {
  return (
    <ScreenErrorBoundary title={t.kitchenDisplay} screen="kitchen display">
      <KitchenScreen />
    </ScreenErrorBoundary>
  );
}
