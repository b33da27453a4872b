import { t } from '@comanda/shared-schema';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import type { SaveStatus } from './use-profile.ts';

/**
 * One card of the profile: a heading, its fields, and 'Salva' for just these fields. `onSave`
 * answers the status to show (saved, saved offline, or why not). With `changed` the card says
 * it holds unsaved changes, and its 'Salva' is enabled only then: with several cards on the
 * page, the one to press is the one marked.
 */
export function ProfileSection({
  title,
  description,
  children,
  onSave,
  changed = false,
  instant,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  onSave?: () => Promise<SaveStatus>;
  changed?: boolean;
  /** Controls that apply at once, outside the card's form (its 'Salva' is not theirs). */
  instant?: ReactNode;
}) {
  const headingId = useId();
  const [status, setStatus] = useState<SaveStatus>(null);
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Enter in a field of a card with nothing to save does nothing, as its disabled 'Salva'.
    if (!onSave || busy || !changed) return;
    setBusy(true);
    void onSave()
      .then(setStatus)
      .finally(() => setBusy(false));
  };
  const unsaved = Boolean(onSave) && changed;
  return (
    <section
      className={unsaved ? 'profile-section card profile-unsaved' : 'profile-section card'}
      aria-labelledby={headingId}
    >
      <div className="profile-heading">
        <h2 id={headingId}>{title}</h2>
        {unsaved ? <span className="badge badge-warn profile-unsaved-mark">{t.unsavedChanges}</span> : null}
      </div>
      {description ? <div className="profile-description">{description}</div> : null}
      {instant ? <div className="profile-instant">{instant}</div> : null}
      <form className="profile-form" noValidate onSubmit={submit} onChange={() => setStatus(null)}>
        {children}
        {onSave ? (
          <div className="profile-actions">
            {status ? (
              <Alert tone={status.tone} className="profile-status">
                {status.text}
              </Alert>
            ) : null}
            <Button type="submit" variant="primary" isDisabled={!changed || busy}>
              {t.save}
            </Button>
          </div>
        ) : null}
      </form>
    </section>
  );
}
