import { t } from '@comanda/shared-schema';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../components/button.tsx';
import { errorText } from '../data/api.ts';
import { NetworkError } from '../data/errors.ts';
import { returnPath } from './return-path.ts';
import { abandonSwitch, switchBack } from './switch-back.ts';
import { SwitchError } from './switch-error.ts';
import './owner-switch.css';

/**
 * On every customer screen while the owner orders as a customer (spec 1): says so, and 'Torna
 * al pannello' goes back through the handoff to the owner screen the switch started from. When
 * the owner session has ended meanwhile, the owner signs in again and lands there afterwards;
 * offline, the owner stays here and reads why.
 */
export function OwnerSwitchBanner() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const back = async () => {
    const to = returnPath();
    setBusy(true);
    setProblem(null);
    try {
      await switchBack();
      await navigate(to);
    } catch (err) {
      if (err instanceof SwitchError) {
        await navigate(await abandonSwitch(to), { replace: true });
        return;
      }
      setProblem(err instanceof NetworkError ? t.ownerSwitchBackOffline : errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="owner-switch-banner" aria-label={t.ownerSwitchBanner}>
      <p className="owner-switch-text">{t.ownerSwitchBanner}</p>
      <Button variant="primary" className="owner-switch-back" isDisabled={busy} onPress={() => void back()}>
        {t.backToPanel}
      </Button>
      {problem ? (
        <p className="owner-switch-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
