import { t } from '@comanda/shared-schema';
import { ScreenErrorBoundary } from '../../components/screen-error-boundary.tsx';
import { ReportScreen } from './report-screen.tsx';
import './owner-report.css';

/** `/owner/report` (spec 2.3): the owner's reports, computed by the server. */
export default function OwnerReportScreen() {
  return (
    <ScreenErrorBoundary title={t.reportTitle} screen="owner report">
      <ReportScreen />
    </ScreenErrorBoundary>
  );
}
