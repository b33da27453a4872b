import { t } from '@comanda/shared-schema';
import { Component, type ReactNode } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Page } from '../../components/page.tsx';
import { DeliveryDesk } from './delivery-desk.tsx';
// The toasts' look comes with the dashboard's styles (the desk reuses its ToastRegion).
import '../owner-dashboard/owner-dashboard.css';
import './owner-delivery.css';

/** The device database failed under the screen (spec 8: 'Si è verificato un errore'). */
class DeskErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('owner delivery desk', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Page title={t.deliveryDeskTitle}>
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

/** `/owner/delivery` (spec 2.3, 4; issue 6): the owner's delivery desk. */
export default function OwnerDeliveryScreen() {
  return (
    <DeskErrorBoundary>
      <DeliveryDesk />
    </DeskErrorBoundary>
  );
}
