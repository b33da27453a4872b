import { ScreenErrorBoundary } from '../../components/screen-error-boundary.tsx';
import { x } from '../../texts-extra.ts';
import { DashboardScreen } from './dashboard-screen.tsx';
import './owner-dashboard.css';

/** `/owner/dashboard` (spec 2.6, 4); `?kitchen=1` is the kitchen wall screen. */
export default function OwnerDashboardScreen() {
  return (
    <ScreenErrorBoundary title={x.navDashboard} screen="owner dashboard">
      <DashboardScreen />
    </ScreenErrorBoundary>
  );
}
