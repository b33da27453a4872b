import { ComingSoon } from '../../components/coming-soon.tsx';
import { x } from '../../texts-extra.ts';

/** `/owner/room` (spec 2.4, 2.5). Built by a later issue; this folder is its home. */
export default function OwnerRoomScreen() {
  return <ComingSoon title={x.navRoom} />;
}
