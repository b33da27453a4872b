import { t, tf } from '@comanda/shared-schema';
import { type FormEvent, useCallback, useId, useState, useSyncExternalStore } from 'react';
import { Alert } from '../components/alert.tsx';
import { Button } from '../components/button.tsx';
import { FormField } from '../components/form-field.tsx';
import { bridgeUrl } from './bridge-address.ts';
import { bridgeTokens } from './bridge-tokens.ts';
import { type PairOutcome, pairingCode, pairWithBridge } from './pairing.ts';

function outcomeText(outcome: Exclude<PairOutcome, { ok: true }>): string {
  switch (outcome.reason) {
    case 'wrong':
      return tf.pairingCodeWrong(outcome.attemptsLeft);
    case 'expired':
      return t.pairingCodeExpired;
    case 'unreachable':
      return t.pairingUnreachable;
  }
}

/**
 * Profilo's 'Abbina la stampante' (DESIGN.md "Abuse": the bridge prints only for paired devices):
 * the owner types the code the bridge shows on its box, once per tablet. Says whether this tablet
 * is paired with the bridge at the saved address. Its own form: the address card's 'Salva'
 * saves settings for every tablet, this pairs only this one.
 */
export function BridgePairing({ ownerIp }: { ownerIp: string | null | undefined }) {
  const url = bridgeUrl(ownerIp);
  const headingId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const tokens = bridgeTokens();
  const paired = useSyncExternalStore(
    useCallback((listener: () => void) => tokens.subscribe(listener), [tokens]),
    () => (url ? tokens.get(url) !== null : false),
  );
  if (!url) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const valid = pairingCode(code);
    setDone(false);
    if (!valid) {
      setError(t.pairingCodeInvalid);
      return;
    }
    setError(undefined);
    setBusy(true);
    void pairWithBridge(url, valid)
      .then((outcome) => {
        if (outcome.ok) {
          setDone(true);
          setCode('');
        } else setError(outcomeText(outcome));
      })
      .finally(() => setBusy(false));
  };

  return (
    <section className="profile-section card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.pairPrinter}</h2>
      <div className="profile-description">{paired ? t.printerPaired : t.printerNotPairedHere}</div>
      <form className="profile-form" noValidate onSubmit={submit}>
        <FormField
          label={t.pairingCodeLabel}
          hint={t.pairingCodeHint}
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(undefined);
            setDone(false);
          }}
          error={error}
          inputMode="numeric"
          maxLength={7}
          autoComplete="one-time-code"
          spellCheck="false"
        />
        <div className="profile-actions">
          {done ? (
            <Alert tone="success" className="profile-status">
              {t.printerPairedNow}
            </Alert>
          ) : null}
          <Button type="submit" variant="primary" isDisabled={busy}>
            {t.pairPrinter}
          </Button>
        </div>
      </form>
    </section>
  );
}
