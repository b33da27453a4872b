import { t } from '@comanda/shared-schema';
import { useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Page } from '../../components/page.tsx';
import { SWITCH_ENDED_REASON } from '../../owner-switch/switch-back.ts';
import { peekPrecUrl, type Role } from '../../session/session.ts';
import { x } from '../../texts-extra.ts';
import { LoginForm } from './login-form.tsx';
import './signin.css';

/** `/signin`: customer or owner credentials, or a guest session. */
export default function SigninScreen() {
  // Sent here by the owner guard: open on the owner tab.
  const [role, setRole] = useState<Role>(() => (peekPrecUrl()?.startsWith('/owner/') ? 'owner' : 'user'));
  // Sent here by the way back from the customer flow (spec 1), the owner session gone meanwhile.
  const [params] = useSearchParams();
  const switchEnded = params.get('reason') === SWITCH_ENDED_REASON;
  return (
    <Page title={t.signInTitle}>
      {switchEnded ? (
        <Alert tone="warning" className="card-narrow signin-notice">
          {t.ownerSwitchEnded}
        </Alert>
      ) : null}
      <div className="card card-narrow">
        <Tabs
          className="tabs"
          selectedKey={role}
          onSelectionChange={(key) => setRole(key === 'owner' ? 'owner' : 'user')}
        >
          <TabList aria-label={x.accountKind}>
            <Tab id="user" className="tab">
              {x.customer}
            </Tab>
            <Tab id="owner" className="tab">
              {x.owner}
            </Tab>
          </TabList>
          <TabPanel id="user">
            <LoginForm kind="user" />
          </TabPanel>
          <TabPanel id="owner">
            <LoginForm kind="owner" />
          </TabPanel>
        </Tabs>
      </div>
    </Page>
  );
}
