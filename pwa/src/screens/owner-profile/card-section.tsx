import { type Body, type Calls, type Response, StripeAccountId, t } from '@comanda/shared-schema';
import { useCallback, useEffect, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Loading } from '../../components/loading.tsx';
import { call } from '../../data/api.ts';
import { ProfileSection } from './section.tsx';
import { type QueuedCall, useSectionSave } from './use-profile.ts';

type AccountState = Response<Calls['stripeAccountGet']>;

/** After a save, when to read the account's state again (the outbox sends it meanwhile). */
const RECHECK_AFTER_MS = 2_000;

function plan(
  typed: string,
  current: string | null,
): { calls: QueuedCall[]; errors: Record<string, string> } {
  const id = typed.trim();
  const body: Body<Calls['stripeAccountSet']> = { stripeAccountId: id === '' ? null : id };
  if (body.stripeAccountId !== null && !StripeAccountId.safeParse(body.stripeAccountId).success) {
    return { calls: [], errors: { stripeAccountId: t.invalidStripeAccount } };
  }
  const calls: QueuedCall[] = body.stripeAccountId === current ? [] : [['stripeAccountSet', body]];
  return { calls, errors: {} };
}

/**
 * The venue's Stripe connected account: customers are offered carta only when the
 * server has its Stripe keys and the venue has an account Stripe knows as Italian. The state is
 * the server's (it asks Stripe), so it is read online; the change goes through the outbox and
 * a refusal (unknown or non-Italian account) comes back as a toast.
 */
export function CardSection() {
  const [state, setState] = useState<AccountState | null | 'offline'>(null);
  const [typed, setTyped] = useState('');
  const load = useCallback((signal?: AbortSignal) => {
    call('stripeAccountGet', {}, { signal })
      .then((answer) => {
        setState(answer);
        setTyped(answer.stripeAccountId ?? '');
      })
      .catch(() => {
        if (!signal?.aborted) setState('offline');
      });
  }, []);
  useEffect(() => {
    const ctl = new AbortController();
    load(ctl.signal);
    return () => ctl.abort();
  }, [load]);
  const current = state && state !== 'offline' ? state.stripeAccountId : null;
  const { errors, onSave } = useSectionSave(
    () => plan(typed, current),
    () => setTimeout(() => load(), RECHECK_AFTER_MS),
  );

  if (state === null) {
    return (
      <ProfileSection title={t.profileCardSection}>
        <Loading />
      </ProfileSection>
    );
  }
  if (state === 'offline') {
    return (
      <ProfileSection title={t.profileCardSection}>
        <Alert tone="info">{t.cardStatusUnknown}</Alert>
      </ProfileSection>
    );
  }
  if (!state.keysConfigured) {
    return (
      <ProfileSection title={t.profileCardSection}>
        <Alert tone="info">{t.cardKeysMissing}</Alert>
      </ProfileSection>
    );
  }
  return (
    <ProfileSection
      title={t.profileCardSection}
      description={
        <Alert tone={state.cardPayments ? 'success' : 'info'}>
          {state.cardPayments ? t.cardPaymentsOn : t.cardPaymentsOff}
        </Alert>
      }
      onSave={onSave}
      changed={typed.trim() !== (current ?? '')}
    >
      <FormField
        label={t.stripeAccountLabel}
        hint={t.stripeAccountHint}
        value={typed}
        onChange={setTyped}
        error={errors.stripeAccountId}
        maxLength={255}
        autoComplete="off"
        spellCheck="false"
      />
    </ProfileSection>
  );
}
