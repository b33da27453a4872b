import { t } from '@comanda/shared-schema';
import { useRouteLoaderData } from 'react-router';
import type { GuardedSession } from '../../app/guards.ts';
import { Page } from '../../components/page.tsx';
import { x } from '../../texts-extra.ts';

/** `/user/home`: where a customer or guest lands; ordering starts from the table's QR code. */
export default function UserHomeScreen() {
  const guarded = useRouteLoaderData('user') as GuardedSession | undefined;
  return (
    <Page title={t.userHomeTitle} reading>
      <div className="card">
        {guarded?.session.isAnonymus ? <p className="badge">{x.userHomeGuest}</p> : null}
        <p>
          <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" fill="currentColor">
            <path d="M3 3h7v7H3zm2 2v3h3V5zm9-2h7v7h-7zm2 2v3h3V5zM3 14h7v7H3zm2 2v3h3v-3zm9-2h2v2h-2zm2 2h2v2h-2zm2-2h3v2h-3zm-4 4h2v3h-2zm4 0h3v3h-3z" />
          </svg>
        </p>
        <p>{x.userHomeScan}</p>
        <p>{x.userHomeDelivery}</p>
      </div>
    </Page>
  );
}
