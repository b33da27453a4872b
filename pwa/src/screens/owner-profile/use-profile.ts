import { type Body, type BusinessRow, type Calls, t } from '@comanda/shared-schema';
import { useCallback, useState } from 'react';
import { errorText } from '../../data/api.ts';
import { useEntities, useSyncClient } from '../../data/hooks.ts';

/** The venue's row from the device database (undefined while loading). */
export function useVenue(): BusinessRow | undefined {
  return useEntities('business')?.[0];
}

/**
 * A section's draft: what its inputs hold. It follows the venue's row (another tablet's change,
 * the server's answer) until the owner edits it, and again once saved. `changed`: the inputs
 * hold something the row does not (the card's unsaved changes; typing a value back is none).
 */
export function useDraft<D>(row: BusinessRow, make: (row: BusinessRow) => D) {
  const [draft, setDraftState] = useState(() => make(row));
  const [editing, setEditing] = useState(false);
  const [seen, setSeen] = useState(row);
  if (row !== seen) {
    setSeen(row);
    if (!editing) setDraftState(make(row));
  }
  const setDraft = useCallback((next: D) => {
    setDraftState(next);
    setEditing(true);
  }, []);
  const saved = useCallback(() => setEditing(false), []);
  const changed = editing && JSON.stringify(draft) !== JSON.stringify(make(row));
  return { draft, setDraft, changed, saved };
}

type ProfileCall = 'ownerProfileSet' | 'deliverySettingsSet' | 'stripeAccountSet' | 'ownerVersionSet';
export type QueuedCall = { [N in ProfileCall]: [N, Body<Calls[N]>] }[ProfileCall];

export type SaveStatus = { tone: 'success' | 'danger' | 'info'; text: string } | null;

/**
 * Queues a section's calls in the outbox, in order. Queued is saved on this device: the
 * message says whether it already went (online) or waits for the connection. A refusal by the
 * server arrives later as a toast (useRefusalToasts) and the row goes back to the server's.
 */
export function useSaveCalls() {
  const sync = useSyncClient();
  return useCallback(
    async (queued: readonly QueuedCall[]): Promise<SaveStatus> => {
      try {
        for (const [name, body] of queued) {
          // One call at a time: the mutation ids keep their order.
          // The tuple pairs each name with its body; TypeScript cannot correlate the union here.
          await sync.mutate(name, body as never);
        }
        const online = globalThis.navigator?.onLine !== false;
        return { tone: online ? 'success' : 'info', text: online ? t.profileSaved : t.profileSavedOffline };
      } catch (err) {
        return { tone: 'danger', text: errorText(err) };
      }
    },
    [sync],
  );
}

/**
 * A section's 'Salva': check the draft (`plan` answers the calls to queue, or field errors),
 * show the errors, or queue the calls and say how it went.
 */
export function useSectionSave(
  plan: () => { calls: readonly QueuedCall[]; errors: Record<string, string> },
  saved: () => void,
) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveCalls();
  const onSave = async (): Promise<SaveStatus> => {
    const { calls, errors: found } = plan();
    setErrors(found);
    if (Object.keys(found).length > 0) return null;
    saved();
    return calls.length > 0 ? save(calls) : { tone: 'info', text: t.nothingToChange };
  };
  return { errors, onSave };
}
