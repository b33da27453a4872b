import { t } from '@comanda/shared-schema';
import { Page } from '../../components/page.tsx';
import { SignupForm } from '../../components/signup-form.tsx';

/** `/owner/signup`: owner and venue registration; the account is active once the e-mail is confirmed. */
export default function OwnerSignupScreen() {
  return (
    <Page title={t.ownerSignupTitle}>
      <div className="card card-narrow">
        <SignupForm kind="owner" />
      </div>
    </Page>
  );
}
