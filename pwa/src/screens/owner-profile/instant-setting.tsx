import { t, tf } from '@comanda/shared-schema';
import { useCallback, useState } from 'react';
import { errorText } from '../../data/api.ts';
import { useSyncClient } from '../../data/hooks.ts';
import { type MutationState, useMutationState } from '../../data/use-mutation-state.ts';
import { useLive } from '../../live/use-live.ts';
import type { QueuedCall } from './use-profile.ts';

export interface InstantSave {
  /** Queues the change (applied on screen at once); false when it could not be queued. */
  apply: (call: QueuedCall) => Promise<boolean>;
  state: MutationState | null | undefined;
  error: string | null;
}

/**
 * A setting that applies the moment it is touched, as 'Abilita ordini' does on Sala: queued in
 * the outbox (so it works through 'Connessione persa'), its effect on screen at once, and the
 * last change followed until the server has it.
 */
export function useInstantSave(): InstantSave {
  const sync = useSyncClient();
  const [mutationId, setMutationId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const state = useMutationState(mutationId);
  const apply = useCallback(
    async ([name, body]: QueuedCall) => {
      setError(null);
      try {
        // The tuple pairs each name with its body; TypeScript cannot correlate the union here.
        setMutationId(await sync.mutate(name, body as never));
        return true;
      } catch (err) {
        setError(errorText(err));
        return false;
      }
    },
    [sync],
  );
  return { apply, state, error };
}

function stateText(save: Pick<InstantSave, 'state' | 'error'>, connected: boolean): string {
  if (save.error) return save.error;
  switch (save.state?.kind) {
    case 'pending':
      return connected ? t.savingChanges : t.profileSavedOffline;
    case 'saved':
      return t.savedNow;
    case 'refused':
      return tf.changeRefusedReason(save.state.error ?? t.genericError);
    default:
      return t.appliesAtOnce;
  }
}

/** Under a switch: that it applies at once, then whether the server has it (a live region). */
export function InstantSaveState({ save, id }: { save: Pick<InstantSave, 'state' | 'error'>; id?: string }) {
  const { status } = useLive();
  const kind = save.error ? 'refused' : (save.state?.kind ?? 'idle');
  return (
    <p id={id} role="status" className="profile-instant-state" data-state={kind}>
      {stateText(save, status === 'connected')}
    </p>
  );
}
