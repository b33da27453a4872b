import { ComingSoon } from '../../components/coming-soon.tsx';
import { x } from '../../texts-extra.ts';

/** `/user/history/{ownerId}/{tableId}`. Built by a later issue; this folder is its home. */
export default function UserHistoryScreen() {
  return <ComingSoon title={x.userHistoryTitle} />;
}
