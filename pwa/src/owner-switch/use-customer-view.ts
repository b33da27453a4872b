import { t } from '@comanda/shared-schema';
import { useCallback, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorText } from '../data/api.ts';
import { NetworkError } from '../data/errors.ts';
import { useSyncClient } from '../data/hooks.ts';
import { SwitchError } from './switch-error.ts';
import { switchToCustomer } from './switch-in.ts';

export interface CustomerView {
  /** Switch into the customer flow and open `customerPath` (a table's menu, the delivery page). */
  open: (customerPath: string) => void;
  /** A switch is under way: its buttons wait. */
  opening: boolean;
  /** Why the last switch could not happen, for `SwitchProblemDialog`; null when none. */
  problem: string | null;
  dismiss: () => void;
}

/** What an owner reads when the switch cannot happen now. */
export function switchProblemText(err: unknown): string {
  if (err instanceof SwitchError) return err.message;
  if (err instanceof NetworkError && err.kind === 'offline') return t.ownerSwitchOffline;
  return errorText(err);
}

/**
 * An owner screen's way into the customer flow (spec 1): `open` switches (see `switch-in.ts`)
 * with the screen being left as the way back, and navigates to the customer page.
 */
export function useCustomerView(): CustomerView {
  const sync = useSyncClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const running = useRef(false);

  const open = useCallback(
    (customerPath: string) => {
      if (running.current) return;
      running.current = true;
      setOpening(true);
      setProblem(null);
      switchToCustomer({
        db: sync.db,
        returnPath: `${pathname}${search}`,
        enter: () => navigate(customerPath),
      })
        .catch((err: unknown) => setProblem(switchProblemText(err)))
        .finally(() => {
          running.current = false;
          setOpening(false);
        });
    },
    [sync, navigate, pathname, search],
  );
  const dismiss = useCallback(() => setProblem(null), []);
  return { open, opening, problem, dismiss };
}
