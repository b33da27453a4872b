import { TOAST_AUTOHIDE_MS, TOAST_MAX, t } from '@comanda/shared-schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from './button.tsx';
import './toasts.css';

export interface Toast {
  id: number;
  text: string;
  tone: 'info' | 'danger';
}

/** Newest last, at most `max` (spec 9: toasts at most 3). */
export function pushToast(list: readonly Toast[], toast: Toast, max = TOAST_MAX): Toast[] {
  return [...list, toast].slice(-max);
}

/** Toast state: `show` adds one that hides itself after 5 s (spec 9). */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const dismiss = useCallback((id: number) => setToasts((l) => l.filter((x) => x.id !== id)), []);
  const show = useCallback(
    (text: string, tone: Toast['tone'] = 'info') => {
      const id = next.current++;
      setToasts((l) => pushToast(l, { id, text, tone }));
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, TOAST_AUTOHIDE_MS);
      timers.current.add(timer);
    },
    [dismiss],
  );
  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all) clearTimeout(timer);
    };
  }, []);
  return { toasts, show, dismiss };
}

/**
 * A polite live region (danger ones assertive) so screen readers hear new orders and refusals.
 * Fixed at the foot of the window, at the left; `className` lets a screen place it elsewhere (the
 * dashboard's dock, the kitchen display's strip under the board, never over a ticket).
 */
export function ToastRegion({
  toasts,
  onDismiss,
  className,
}: {
  toasts: readonly Toast[];
  onDismiss: (id: number) => void;
  className?: string;
}) {
  return (
    <section
      className={className ? `owner-toasts ${className}` : 'owner-toasts'}
      aria-label={t.notifications}
      aria-live="polite"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`owner-toast owner-toast-${toast.tone}`}
          role={toast.tone === 'danger' ? 'alert' : 'status'}
        >
          <span>{toast.text}</span>
          <Button
            variant="ghost"
            className="owner-toast-close"
            aria-label={t.close}
            onPress={() => onDismiss(toast.id)}
          >
            ×
          </Button>
        </div>
      ))}
    </section>
  );
}
