import { t } from '@comanda/shared-schema';
import { Component, type ReactNode } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Page } from '../../components/page.tsx';
import { x } from '../../texts-extra.ts';
import { RoomScreen } from './room-screen.tsx';
import './owner-room.css';

/** The device database failed under the screen (spec 8: 'Si è verificato un errore'). */
class RoomErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('owner room', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Page title={x.navRoom}>
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

/** `/owner/room` (spec 2.4, 2.5). */
export default function OwnerRoomScreen() {
  return (
    <RoomErrorBoundary>
      <RoomScreen />
    </RoomErrorBoundary>
  );
}
