import { ScreenErrorBoundary } from '../../components/screen-error-boundary.tsx';
import { x } from '../../texts-extra.ts';
import { TablesScreen } from './tables-screen.tsx';
import './owner-tables.css';

/** `/owner/tables` (spec 2.3): every table of every room, with its state and actions. */
export default function OwnerTablesScreen() {
  return (
    <ScreenErrorBoundary title={x.navTables} screen="owner tables">
      <TablesScreen />
    </ScreenErrorBoundary>
  );
}
