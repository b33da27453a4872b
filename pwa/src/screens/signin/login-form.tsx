import { t, type UserSession } from '@comanda/shared-schema';
import { Form } from 'react-aria-components';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { formValues, useSubmit } from '../../components/use-submit.ts';
import { emailValid, required } from '../../components/validators.ts';
import { call } from '../../data/api.ts';
import { ApiError } from '../../data/errors.ts';
import { ownerLanding, type Role, rememberSession, takePrecUrl, userLanding } from '../../session/session.ts';
import { x } from '../../texts-extra.ts';
import { SocialSignIn } from './social-sign-in.tsx';

/** Email and password for one role; customers may also use Google or Facebook, or enter as guests. */
export function LoginForm({ kind: role }: { kind: Role }) {
  const navigate = useNavigate();
  const submit = useSubmit();

  const enter = (session: UserSession) => {
    // Some answers report a refused login as `valid: false` with the server's text.
    if (!session.valid) throw new ApiError(401, 'INVALID_CREDENTIALS', session.error ?? t.genericError);
    rememberSession(role, session);
    const target =
      role === 'owner' ? ownerLanding(session, takePrecUrl('owner')) : userLanding(takePrecUrl('user'));
    void navigate(target, { replace: true });
  };

  return (
    <div className="form">
      {submit.error ? <Alert tone="danger">{submit.error}</Alert> : null}
      <Form
        className="form"
        validationErrors={submit.fieldErrors}
        onSubmit={(e) => {
          e.preventDefault();
          const { email = '', password = '' } = formValues(e.currentTarget);
          void submit.run(async () => {
            const body = { email: email.trim(), password };
            enter(await call(role === 'owner' ? 'ownerLogin' : 'userLogin', body));
          });
        }}
      >
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
          autoComplete="current-password"
          isRequired
          validate={required}
        />
        <Button type="submit" variant="primary" block isDisabled={submit.pending}>
          {t.signIn}
        </Button>
      </Form>
      {role === 'user' ? (
        <>
          <SocialSignIn
            pending={submit.pending}
            onGoogle={(credential) => {
              if (!submit.pending)
                void submit.run(async () => enter(await call('userGLogin', { credential })));
            }}
            onFacebook={(accessToken, userID) =>
              void submit.run(async () => enter(await call('userFbLogin', { accessToken, userID })))
            }
          />
          <Button
            variant="secondary"
            block
            isDisabled={submit.pending}
            onPress={() => void submit.run(async () => enter(await call('userLogin', { isAnonymus: true })))}
          >
            {t.continueAsGuest}
          </Button>
          <p className="field-hint">{x.guestHint}</p>
        </>
      ) : null}
      <div className="btn-row">
        <Link to={`/${role}/restorePassword`}>{t.forgotPassword}</Link>
        <span>
          {t.noAccount}{' '}
          <Link to={`/${role}/signup`}>{role === 'owner' ? x.homeRegisterVenue : t.signUp}</Link>
        </span>
      </div>
    </div>
  );
}
