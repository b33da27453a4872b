import { useCallback, useState } from 'react';
import { errorText } from '../data/api.ts';
import { ApiError } from '../data/errors.ts';

export interface SubmitState {
  pending: boolean;
  /** The server's `error` text (or the network's), shown above the form. */
  error: string | null;
  /** Field errors from the envelope's `issues`, by field name, for react-aria `Form`. */
  fieldErrors: Record<string, string>;
  run: (task: () => Promise<void>) => Promise<void>;
  clear: () => void;
}

/** Pending flag and error texts of a form that calls the API. */
export function useSubmit(): SubmitState {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const run = useCallback(async (task: () => Promise<void>) => {
    setPending(true);
    setError(null);
    setFieldErrors({});
    try {
      await task();
    } catch (err) {
      setError(errorText(err));
      if (err instanceof ApiError && err.issues) {
        const byField: Record<string, string> = {};
        for (const issue of err.issues)
          if (issue.path && !byField[issue.path]) byField[issue.path] = issue.message;
        setFieldErrors(byField);
      }
    } finally {
      setPending(false);
    }
  }, []);

  const clear = useCallback(() => {
    setError(null);
    setFieldErrors({});
  }, []);

  return { pending, error, fieldErrors, run, clear };
}

/** Read a form's fields as strings. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') out[key] = value;
  return out;
}
