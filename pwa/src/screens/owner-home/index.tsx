import { t, tf } from '@comanda/shared-schema';
import { Link } from 'react-router';
import { Page } from '../../components/page.tsx';
import { useOutboxSummary } from '../../data/hooks.ts';
import { ownerNavItems } from '../../layouts/owner/nav-items.ts';
import { useOwnerSession } from '../../layouts/owner/owner-session.ts';
import { useLive } from '../../live/use-live.ts';
import { x } from '../../texts-extra.ts';

/** `/owner/home`: the owner's launcher, with the connection and the changes waiting to be sent. */
export default function OwnerHomeScreen() {
  const { session } = useOwnerSession();
  const { status } = useLive();
  const summary = useOutboxSummary();
  const pending = summary?.pending ?? 0;
  const statusText =
    status === 'connected' ? x.connected : status === 'connecting' ? x.connecting : x.disconnected;
  return (
    <Page title={session.name ? tf.welcome(session.name) : t.ownerHomeTitle}>
      <section className="status-row" aria-label={x.connectionState}>
        <span className={status === 'connected' ? 'badge badge-ok' : 'badge badge-warn'}>
          <span className="dot" aria-hidden="true" />
          {statusText}
        </span>
        <span className={pending > 0 ? 'badge badge-warn' : 'badge badge-ok'}>
          {pending > 0 ? tf.pendingChanges(pending) : x.allSaved}
        </span>
      </section>
      <nav aria-label={t.ownerHomeTitle}>
        <ul className="launcher">
          {ownerNavItems.map((item) => (
            <li key={item.to}>
              <Link to={item.to}>
                <strong>{item.label}</strong>
                <span>{item.hint}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Page>
  );
}
