import { t } from '@comanda/shared-schema';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { Link } from 'react-router';
import { call } from '../data/api.ts';
import { x } from '../texts-extra.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Checkbox } from './checkbox.tsx';
import { TextField } from './text-field.tsx';
import { formValues, useSubmit } from './use-submit.ts';
import { emailValid, passwordValid, required } from './validators.ts';

/** Customer or owner registration; the owner form adds the venue's name. */
export function SignupForm({ kind }: { kind: 'user' | 'owner' }) {
  const submit = useSubmit();
  const [accepted, setAccepted] = useState(false);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <div className="form">
        <Alert tone="success">{kind === 'owner' ? t.ownerSignupDone : t.signupDone}</Alert>
        <Link to="/signin" className="btn btn-primary">
          {x.goToSignin}
        </Link>
      </div>
    );
  }

  return (
    <div className="form">
      {submit.error ? <Alert tone="danger">{submit.error}</Alert> : null}
      <Form
        className="form"
        validationErrors={submit.fieldErrors}
        onSubmit={(e) => {
          e.preventDefault();
          if (!accepted) {
            setAcceptError(t.acceptConditionsRequired);
            return;
          }
          const v = formValues(e.currentTarget);
          const base = {
            firstName: (v.firstName ?? '').trim(),
            lastName: (v.lastName ?? '').trim(),
            email: (v.email ?? '').trim(),
            password: v.password ?? '',
            acceptConditions: true as const,
          };
          void submit.run(async () => {
            if (kind === 'owner')
              await call('ownerSignup', { ...base, businessName: (v.businessName ?? '').trim() });
            else await call('userSignup', base);
            setDone(true);
          });
        }}
      >
        {kind === 'owner' ? (
          <TextField
            label={t.businessName}
            name="businessName"
            autoComplete="organization"
            isRequired
            maxLength={100}
            validate={required}
          />
        ) : null}
        <TextField
          label={t.firstName}
          name="firstName"
          autoComplete="given-name"
          isRequired
          maxLength={80}
          validate={required}
        />
        <TextField
          label={t.lastName}
          name="lastName"
          autoComplete="family-name"
          isRequired
          maxLength={80}
          validate={required}
        />
        <TextField
          label={t.email}
          name="email"
          type="email"
          autoComplete="email"
          isRequired
          validate={emailValid}
        />
        <TextField
          label={t.password}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={x.passwordHint}
          isRequired
          validate={passwordValid}
        />
        <Checkbox
          name="acceptConditions"
          isSelected={accepted}
          onChange={(value) => {
            setAccepted(value);
            if (value) setAcceptError(null);
          }}
          errorMessage={acceptError ?? submit.fieldErrors.acceptConditions ?? null}
        >
          {t.acceptConditions}
        </Checkbox>
        <p>
          <Link to="/terms">{x.readTerms}</Link> · <Link to="/privacy">{t.privacyTitle}</Link>
        </p>
        <Button type="submit" variant="primary" block isDisabled={submit.pending}>
          {t.signUp}
        </Button>
      </Form>
    </div>
  );
}
