import { ComingSoon } from '../../components/coming-soon.tsx';
import { x } from '../../texts-extra.ts';

/** `/owner/menu`. Built by a later issue; this folder is its home. */
export default function OwnerMenuScreen() {
  return <ComingSoon title={x.navMenu} />;
}
