import { SNACKBAR_MS, t } from '@comanda/shared-schema';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import './snackbar.css';

/**
 * The generic snackbar of spec 9: one short line confirming a quick action ('Ordine accettato',
 * 'Tavolo 4 eliminato'), gone after 2 s. One at a time: a new one replaces the one showing and
 * starts its own 2 s. It asks nothing and holds no button, so it never needs a tap; errors and
 * what the owner must act on stay in the toasts and alerts.
 */
export type Notify = (text: string) => void;

interface Snack {
  id: number;
  text: string;
}

const SnackbarContext = createContext<Notify | null>(null);

/** The snackbar's state: `notify` shows a text for `SNACKBAR_MS`. */
export function useSnackbarState(durationMs = SNACKBAR_MS) {
  const [snack, setSnack] = useState<Snack | null>(null);
  const next = useRef(1);
  const notify = useCallback<Notify>((text) => setSnack({ id: next.current++, text }), []);
  useEffect(() => {
    if (!snack) return;
    const timer = setTimeout(() => setSnack((s) => (s?.id === snack.id ? null : s)), durationMs);
    return () => clearTimeout(timer);
  }, [snack, durationMs]);
  return { snack, notify };
}

/**
 * The region is always in the page (a live region must exist before its text changes for screen
 * readers to hear it); it is empty and takes no space between snacks.
 */
export function SnackbarRegion({ snack }: { snack: Snack | null }) {
  return (
    <div className="snackbar-region" role="status" aria-live="polite" aria-label={t.confirmations}>
      {snack ? (
        <p key={snack.id} className="snackbar">
          {snack.text}
        </p>
      ) : null}
    </div>
  );
}

/** Gives every screen below it the snackbar (the root layout holds one for the whole app). */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { snack, notify } = useSnackbarState();
  return (
    <SnackbarContext.Provider value={notify}>
      {children}
      <SnackbarRegion snack={snack} />
    </SnackbarContext.Provider>
  );
}

const ignore: Notify = () => {};

/**
 * `notify(text)` for a quick confirmation. Outside a provider (a component test) it does
 * nothing: a confirmation is never the only way a person learns what happened.
 */
export function useSnackbar(): Notify {
  return useContext(SnackbarContext) ?? ignore;
}
