import { t, tf } from '@comanda/shared-schema';
import { Link } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { useObservableValue, useOutboxSummary, useSyncClient } from '../../data/hooks.ts';
import { x } from '../../texts-extra.ts';

/**
 * How many changes wait to be sent, compact for the top bar: a count (or a check mark) on
 * screen, the full sentence for screen readers and as a tooltip.
 */
export function PendingBadge() {
  const summary = useOutboxSummary();
  const pending = summary?.pending ?? 0;
  const label = pending > 0 ? tf.pendingChanges(pending) : x.allSaved;
  return (
    <span className={pending > 0 ? 'badge badge-warn' : 'badge badge-ok'} role="status" title={label}>
      <span aria-hidden="true">{pending > 0 ? `\u2191 ${pending}` : '\u2713'}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/**
 * Changes the server refused, each with its reason, kept until the owner dismisses them; and
 * problems that stop changes from being saved or sent (a full disk, an expired session).
 */
export function OutboxProblems() {
  const sync = useSyncClient();
  const summary = useOutboxSummary();
  const problem = useObservableValue(sync.problem$);
  const refused = summary?.refused ?? [];
  return (
    <>
      {problem?.kind === 'storage' ? <Alert tone="danger">{problem.error.message}</Alert> : null}
      {problem?.kind === 'auth' ? (
        <Alert tone="warning">
          <p>
            {x.sessionExpired} <Link to="/signin">{t.signIn}</Link>
          </p>
        </Alert>
      ) : null}
      {refused.length > 0 ? (
        <Alert tone="danger">
          <strong>{x.refusedChanges}</strong>
          <ul className="refused-list">
            {refused.map((entry) => (
              <li key={entry.mutationId}>
                <span>{tf.changeRefusedReason(entry.error ?? t.genericError)}</span>
                <Button variant="secondary" onPress={() => void sync.dismissRefused(entry.mutationId)}>
                  {t.discardChange}
                </Button>
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </>
  );
}
