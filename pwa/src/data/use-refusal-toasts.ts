import { t, tf } from '@comanda/shared-schema';
import { useEffect, useRef } from 'react';
import { useOutboxSummary } from './hooks.ts';

/**
 * Each newly refused outbox entry among `calls` told once through `notify`, with the server's
 * Italian reason. Refusals already listed when the screen opened are in the top bar; only new
 * ones pop up. `calls` must be stable (a module constant).
 */
export function useRefusalToasts(calls: ReadonlySet<string>, notify: (text: string) => void): void {
  const summary = useOutboxSummary();
  const seen = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!summary) return;
    const refused = summary.refused.filter((e) => calls.has(e.name));
    if (seen.current === null) {
      seen.current = new Set(refused.map((e) => e.mutationId));
      return;
    }
    for (const e of refused) {
      if (seen.current.has(e.mutationId)) continue;
      seen.current.add(e.mutationId);
      notify(tf.changeRefusedReason(e.error ?? t.genericError));
    }
  }, [summary, calls, notify]);
}
