import { t } from '@comanda/shared-schema';
import { Page } from '../../components/page.tsx';
import { SignupForm } from '../../components/signup-form.tsx';

/** `/user/signup`: customer registration. */
export default function UserSignupScreen() {
  return (
    <Page title={t.userSignupTitle}>
      <div className="card card-narrow">
        <SignupForm kind="user" />
      </div>
    </Page>
  );
}
