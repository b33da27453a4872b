import { t } from '@comanda/shared-schema';
import { useCallback, useEffect, useState } from 'react';
import { unreachable } from '../ordering/table-reads.ts';
import { type DeliveryChecks, fetchDeliveryChecks } from './delivery-checks.ts';

/** The delivery screen's checks, with a retry after a network failure. */
export function useDeliveryChecks(
  ownerId: string,
  owner: boolean,
): {
  checks: DeliveryChecks;
  retry: () => void;
} {
  const [checks, setChecks] = useState<DeliveryChecks>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    void round;
    const ctl = new AbortController();
    setChecks({ state: 'loading' });
    fetchDeliveryChecks(ownerId, owner, ctl.signal)
      .then((ready) => setChecks(ready))
      .catch((err: unknown) => {
        if (ctl.signal.aborted) return;
        const network = unreachable(err);
        setChecks({
          state: 'failed',
          failure: network ? 'network' : 'business_id_error',
          message: network ? t.networkError : t.businessIdError,
        });
      });
    return () => ctl.abort();
  }, [ownerId, owner, round]);
  const retry = useCallback(() => setRound((n) => n + 1), []);
  return { checks, retry };
}
