import { Navigate, useSearchParams } from 'react-router';
import { ScreenErrorBoundary } from '../../components/screen-error-boundary.tsx';
import { x } from '../../texts-extra.ts';
import { DashboardScreen } from './dashboard-screen.tsx';
import './owner-dashboard.css';

/**
 * `/owner/dashboard` (spec 2.6, 4). `?kitchen=1`, the old address of the kitchen wall screen
 * (bookmarked on screens already mounted in kitchens), now opens the kitchen display.
 */
export default function OwnerDashboardScreen() {
  const [params] = useSearchParams();
  if (params.get('kitchen') === '1') return <Navigate to="/owner/kitchen" replace />;
  return (
    <ScreenErrorBoundary title={x.navDashboard} screen="owner dashboard">
      <DashboardScreen />
    </ScreenErrorBoundary>
  );
}
