import { t } from '@comanda/shared-schema';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Page } from '../../components/page.tsx';
import { TextField } from '../../components/text-field.tsx';
import { formValues, useSubmit } from '../../components/use-submit.ts';
import { emailValid } from '../../components/validators.ts';
import { call } from '../../data/api.ts';
import { x } from '../../texts-extra.ts';

/** `/user/restorePassword` and `/owner/restorePassword`: ask for the restore link by e-mail. */
export default function RestorePasswordScreen() {
  const owner = useLocation().pathname.startsWith('/owner/');
  const submit = useSubmit();
  const [sent, setSent] = useState(false);
  return (
    <Page title={t.restorePasswordTitle}>
      <div className="card card-narrow form">
        {sent ? (
          <>
            <Alert tone="success">{t.restorePasswordSent}</Alert>
            <Link to="/signin" className="btn btn-primary">
              {x.goToSignin}
            </Link>
          </>
        ) : (
          <>
            <p>{x.restoreIntro}</p>
            {submit.error ? <Alert tone="danger">{submit.error}</Alert> : null}
            <Form
              className="form"
              validationErrors={submit.fieldErrors}
              onSubmit={(e) => {
                e.preventDefault();
                const mail = (formValues(e.currentTarget).mail ?? '').trim();
                void submit.run(async () => {
                  await call(owner ? 'ownerRestoreRequest' : 'userRestoreRequest', { mail });
                  setSent(true);
                });
              }}
            >
              <TextField
                label={t.email}
                name="mail"
                type="email"
                autoComplete="email"
                isRequired
                validate={emailValid}
              />
              <Button type="submit" variant="primary" block isDisabled={submit.pending}>
                {t.restorePasswordSend}
              </Button>
            </Form>
          </>
        )}
      </div>
    </Page>
  );
}
