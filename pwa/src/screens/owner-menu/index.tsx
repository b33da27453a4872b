import { t } from '@comanda/shared-schema';
import { Component, type ReactNode } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Page } from '../../components/page.tsx';
import { MenuScreen } from './menu-screen.tsx';
import './owner-menu.css';
import './menu-dialogs.css';

/** The device database failed under the screen: say so and offer a retry. */
class MenuErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('owner menu', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Page title={t.menuTitle}>
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

/** `/owner/menu`: categories, dishes, variants and options, edited offline-first. */
export default function OwnerMenuScreen() {
  return (
    <MenuErrorBoundary>
      <MenuScreen />
    </MenuErrorBoundary>
  );
}
