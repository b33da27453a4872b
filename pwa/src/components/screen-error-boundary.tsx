import { t } from '@comanda/shared-schema';
import { Component, type ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Page } from './page.tsx';

/**
 * The device database failed under an owner screen (spec 8: 'Si è verificato un errore'): say
 * so under the screen's title and offer a retry instead of a blank page.
 */
export class ScreenErrorBoundary extends Component<
  { title: string; screen: string; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(this.props.screen, error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Page title={this.props.title}>
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
