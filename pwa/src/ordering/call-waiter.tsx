import { t } from '@comanda/shared-schema';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../components/button.tsx';
import { BellIcon } from '../components/icons.tsx';
import { call, errorText } from '../data/api.ts';
import './call-waiter.css';

/** After a call the button rests this long: the venue's bell is already ringing. */
export const CALL_AGAIN_AFTER_MS = 60_000;

type Phase =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'called' }
  | { kind: 'failed'; message: string };

/**
 * 'Chiama il cameriere' (spec 2.6: the table call the dashboard's bell answers). One key per tap,
 * so a retry after a lost answer is the same call; the server keeps a table called until a tablet
 * dismisses it, so tapping again in the meantime rings nothing more.
 */
export function CallWaiter({ ownerId, tableId }: { ownerId: string; tableId: string }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const press = async () => {
    setPhase({ kind: 'sending' });
    try {
      await call('userTableCall', { ownerId, tableId }, { idempotencyKey: crypto.randomUUID() });
      setPhase({ kind: 'called' });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setPhase({ kind: 'idle' }), CALL_AGAIN_AFTER_MS);
    } catch (err) {
      setPhase({ kind: 'failed', message: errorText(err) });
    }
  };

  return (
    <div className="call-waiter">
      <Button
        variant="secondary"
        className="call-waiter-button"
        isDisabled={phase.kind === 'sending' || phase.kind === 'called'}
        onPress={() => void press()}
      >
        <BellIcon /> {t.callWaiterButton}
      </Button>
      <p role="status" className="call-waiter-status">
        {phase.kind === 'called' ? t.waiterCalled : phase.kind === 'failed' ? phase.message : ''}
      </p>
    </div>
  );
}
