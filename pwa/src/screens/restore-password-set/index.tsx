import { t } from '@comanda/shared-schema';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { Link, useLocation, useParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Page } from '../../components/page.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useSubmit } from '../../components/use-submit.ts';
import { passwordValid } from '../../components/validators.ts';
import { call } from '../../data/api.ts';
import { x } from '../../texts-extra.ts';

/** `/{user|owner}/restorePassword/{requestId}/{userId}`: the link of the restore e-mail. */
export default function RestorePasswordSetScreen() {
  const owner = useLocation().pathname.startsWith('/owner/');
  const { requestId = '', userId = '' } = useParams();
  const submit = useSubmit();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [saved, setSaved] = useState(false);

  return (
    <Page title={x.newPasswordTitle}>
      <div className="card card-narrow form">
        {saved ? (
          <>
            <Alert tone="success">{t.passwordUpdated}</Alert>
            <Link to="/signin" className="btn btn-primary">
              {x.goToSignin}
            </Link>
          </>
        ) : (
          <>
            {submit.error ? <Alert tone="danger">{submit.error}</Alert> : null}
            <Form
              className="form"
              validationErrors={submit.fieldErrors}
              onSubmit={(e) => {
                e.preventDefault();
                void submit.run(async () => {
                  const body = { id: requestId, userId, password };
                  await call(owner ? 'ownerRestoreSet' : 'userRestoreSet', body);
                  setSaved(true);
                });
              }}
            >
              <TextField
                label={t.newPassword}
                name="password"
                type="password"
                autoComplete="new-password"
                hint={x.passwordHint}
                isRequired
                value={password}
                onChange={setPassword}
                validate={passwordValid}
              />
              <TextField
                label={x.confirmPassword}
                name="confirm"
                type="password"
                autoComplete="new-password"
                isRequired
                value={again}
                onChange={setAgain}
                validate={(v) => passwordValid(v) ?? (v === password ? null : x.passwordsDiffer)}
              />
              <Button type="submit" variant="primary" block isDisabled={submit.pending}>
                {t.setPassword}
              </Button>
            </Form>
          </>
        )}
      </div>
    </Page>
  );
}
