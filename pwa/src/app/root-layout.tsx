import { t } from '@comanda/shared-schema';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { isRouteErrorResponse, Outlet, useHref, useNavigate, useRouteError } from 'react-router';
import { Button } from '../components/button.tsx';
import { CookieBanner } from '../components/cookie-banner.tsx';
import { Page } from '../components/page.tsx';
import { SnackbarProvider } from '../components/snackbar.tsx';
import { UpdatePrompt } from '../components/update-prompt.tsx';
import { x } from '../texts-extra.ts';

/** Shared by every screen: react-aria links use the router, the skip link, the toasts, the snackbar. */
export function RootLayout() {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
      <a className="skip-link" href="#main">
        {x.skipToContent}
      </a>
      <SnackbarProvider>
        <Outlet />
      </SnackbarProvider>
      <div className="toast-region">
        <UpdatePrompt />
        <CookieBanner />
      </div>
    </AriaRouterProvider>
  );
}

/** Errors no screen handled: a screen chunk that failed to load, or a crash. */
export function RouteError() {
  const error = useRouteError();
  const chunk = error instanceof Error && error.name === 'ChunkLoadError';
  if (!chunk && !isRouteErrorResponse(error)) console.error(error);
  return (
    <main id="main">
      <Page title={chunk ? t.chunkLoadError : t.genericError}>
        <Button variant="primary" onPress={() => window.location.reload()}>
          {x.reload}
        </Button>
      </Page>
    </main>
  );
}
