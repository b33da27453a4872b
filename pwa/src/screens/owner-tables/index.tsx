import { ComingSoon } from '../../components/coming-soon.tsx';
import { x } from '../../texts-extra.ts';

/** `/owner/tables`. Built by a later issue; this folder is its home. */
export default function OwnerTablesScreen() {
  return <ComingSoon title={x.navTables} />;
}
