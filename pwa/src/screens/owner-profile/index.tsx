import { ComingSoon } from '../../components/coming-soon.tsx';
import { x } from '../../texts-extra.ts';

/** `/owner/profile`. Built by a later issue; this folder is its home. */
export default function OwnerProfileScreen() {
  return <ComingSoon title={x.navProfile} />;
}
