import { ComingSoon } from '../../components/coming-soon.tsx';
import { x } from '../../texts-extra.ts';

/** `/owner/dashboard` (spec 2.6). Built by a later issue; this folder is its home. */
export default function OwnerDashboardScreen() {
  return <ComingSoon title={x.navDashboard} />;
}
