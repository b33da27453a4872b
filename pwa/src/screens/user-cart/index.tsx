import { ComingSoon } from '../../components/coming-soon.tsx';
import { x } from '../../texts-extra.ts';

/** `/user/cart/{ownerId}/{tableId}` (spec 2.9). Built by a later issue; this folder is its home. */
export default function UserCartScreen() {
  return <ComingSoon title={x.userCartTitle} />;
}
