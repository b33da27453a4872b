import { t } from '@comanda/shared-schema';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Loading } from '../../components/loading.tsx';
import { Page } from '../../components/page.tsx';
import { call, errorText } from '../../data/api.ts';
import { ApiError } from '../../data/errors.ts';

/**
 * One request per token and page: the token is single-use, and React may run the effect twice
 * (StrictMode, a quick remount); both runs share the first answer.
 */
const confirmations = new Map<string, Promise<unknown>>();
function confirmOnce(token: string): Promise<unknown> {
  let p = confirmations.get(token);
  if (!p) {
    p = call('ownerConfirmEmail', { token });
    confirmations.set(token, p);
  }
  return p;
}

/** A mangled link (cut by a mail client, say) is just an invalid link, not a field error. */
function failureText(err: unknown): string {
  return err instanceof ApiError && err.code === 'VALIDATION' ? t.invalidLink : errorText(err);
}

type State = { kind: 'running' } | { kind: 'done' } | { kind: 'failed'; message: string };

/** `/owner/confirmEmail/{token}` and `/user/confirmEmail/{token}`: the confirmation e-mail's link. */
export default function OwnerConfirmEmailScreen() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'running' });

  useEffect(() => {
    let live = true;
    confirmOnce(token)
      .then(() => live && setState({ kind: 'done' }))
      .catch((err: unknown) => live && setState({ kind: 'failed', message: failureText(err) }));
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <Page title={t.confirmEmailTitle} reading>
      <div className="card form">
        {state.kind === 'running' ? <Loading /> : null}
        {state.kind === 'done' ? <Alert tone="success">{t.emailConfirmed}</Alert> : null}
        {state.kind === 'failed' ? <Alert tone="danger">{state.message}</Alert> : null}
        {state.kind !== 'running' ? (
          <Link to="/signin" className="btn btn-primary">
            {t.signIn}
          </Link>
        ) : null}
      </div>
    </Page>
  );
}
