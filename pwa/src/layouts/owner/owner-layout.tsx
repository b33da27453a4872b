import { useEffect, useState } from 'react';
import { Outlet, useMatches } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Loading } from '../../components/loading.tsx';
import { errorText } from '../../data/api.ts';
import { SyncContext } from '../../data/hooks.ts';
import type { MutatorMap } from '../../data/view.ts';
import { LiveContext } from '../../live/use-live.ts';
import { stopPrinting } from '../../printing/printing.ts';
import { usePrintRuntime } from '../../printing/use-printing.ts';
import { businessIdOf, useOwnerSession } from '../../session/use-session.ts';
import { ConnectionBanner } from './connection-banner.tsx';
import { OutboxProblems } from './outbox-status.tsx';
import { type OwnerRuntime, startOwnerRuntime } from './owner-runtime.ts';
import { OwnerTopBar } from './top-bar.tsx';

/**
 * The print connection lasts the owner's whole session (an owner order placed on any screen
 * prints), and ends with it: leaving the owner screens (logout) stops it; queued jobs stay stored.
 */
function PrintRuntime() {
  usePrintRuntime();
  useEffect(() => () => stopPrinting(), []);
  return null;
}

/** What an owner route may say about its frame: 'bare' is full screen, with no top bar. */
export interface OwnerRouteHandle {
  frame?: 'bare';
}

function isBare(handle: unknown): boolean {
  return (handle as OwnerRouteHandle | undefined)?.frame === 'bare';
}

/**
 * Frame of every owner screen: top bar, connection and outbox state, the sync runtime. A 'bare'
 * route (the kitchen display) keeps the runtime and the banners but no top bar: the screen fills
 * the window below the banners and brings its own way out. `mutators`: every owner mutation's
 * local effect, composed by the app (app/owner-mutators.ts).
 */
export default function OwnerLayout({ mutators }: { mutators: MutatorMap }) {
  const { session } = useOwnerSession();
  const bare = useMatches().some((match) => isBare(match.handle));
  const businessId = businessIdOf(session);
  const [runtime, setRuntime] = useState<OwnerRuntime | null>(null);
  const [logoutError, setLogoutError] = useState<string | null>(null);

  useEffect(() => {
    const started = startOwnerRuntime(businessId, mutators);
    setRuntime(started);
    return () => {
      started.dispose();
      setRuntime(null);
    };
  }, [businessId, mutators]);

  if (!runtime) return <Loading />;
  const status = (
    <div className="owner-status">
      <ConnectionBanner />
      <OutboxProblems />
      {logoutError ? <Alert tone="danger">{logoutError}</Alert> : null}
    </div>
  );
  return (
    <SyncContext.Provider value={runtime.sync}>
      <LiveContext.Provider value={runtime.live}>
        <PrintRuntime />
        {bare ? (
          <div className="owner-frame-bare">
            {status}
            <main id="main" tabIndex={-1} className="owner-main-bare">
              <Outlet />
            </main>
          </div>
        ) : (
          <>
            <OwnerTopBar onLogoutError={(err) => setLogoutError(errorText(err))} />
            {status}
            <main id="main" tabIndex={-1}>
              <Outlet />
            </main>
          </>
        )}
      </LiveContext.Provider>
    </SyncContext.Provider>
  );
}
