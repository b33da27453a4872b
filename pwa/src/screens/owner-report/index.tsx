import { ComingSoon } from '../../components/coming-soon.tsx';
import { x } from '../../texts-extra.ts';

/** `/owner/report`. Built by a later issue; this folder is its home. */
export default function OwnerReportScreen() {
  return <ComingSoon title={x.navReport} />;
}
