import { t } from '@comanda/shared-schema';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import type { SaveStatus } from './use-profile.ts';

/**
 * One card of the profile: a heading, its fields, and 'Salva' for just these fields. `onSave`
 * answers the status to show (saved, saved offline, or why not).
 */
export function ProfileSection({
  title,
  description,
  children,
  onSave,
  canSave = true,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  onSave?: () => Promise<SaveStatus>;
  canSave?: boolean;
}) {
  const headingId = useId();
  const [status, setStatus] = useState<SaveStatus>(null);
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!onSave || busy) return;
    setBusy(true);
    void onSave()
      .then(setStatus)
      .finally(() => setBusy(false));
  };
  return (
    <section className="profile-section card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {description ? <div className="profile-description">{description}</div> : null}
      <form className="profile-form" noValidate onSubmit={submit} onChange={() => setStatus(null)}>
        {children}
        {onSave ? (
          <div className="profile-actions">
            {status ? (
              <Alert tone={status.tone} className="profile-status">
                {status.text}
              </Alert>
            ) : null}
            <Button type="submit" variant="primary" isDisabled={!canSave || busy}>
              {t.save}
            </Button>
          </div>
        ) : null}
      </form>
    </section>
  );
}
