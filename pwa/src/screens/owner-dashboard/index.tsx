import { t } from '@comanda/shared-schema';
import { Component, type ReactNode } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Page } from '../../components/page.tsx';
import { x } from '../../texts-extra.ts';
import { DashboardScreen } from './dashboard-screen.tsx';
import './owner-dashboard.css';

/** The device database failed under the screen (spec 8: 'Si è verificato un errore'). */
class DashboardErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('owner dashboard', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Page title={x.navDashboard}>
        <Alert tone="danger">{t.genericError}</Alert>
        <p>
          <Button variant="primary" onPress={() => this.setState({ failed: false })}>
            {t.retry}
          </Button>
        </p>
      </Page>
    );
  }
}

/** `/owner/dashboard` (spec 2.6, 4); `?kitchen=1` is the kitchen wall screen. */
export default function OwnerDashboardScreen() {
  return (
    <DashboardErrorBoundary>
      <DashboardScreen />
    </DashboardErrorBoundary>
  );
}
