import { t } from '@comanda/shared-schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/button.tsx';

export interface Notice {
  id: number;
  text: string;
  tone: 'info' | 'danger';
}

/** At most 3, each hiding itself after 5 s (spec 9's toasts). */
export const MAX_NOTICES = 3;
export const NOTICE_MS = 5_000;

/** The kitchen display's notices: new orders and refused changes. */
export function useNotices() {
  const [notices, setNotices] = useState<Notice[]>([]);
  const next = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const dismiss = useCallback((id: number) => setNotices((l) => l.filter((n) => n.id !== id)), []);
  const show = useCallback(
    (text: string, tone: Notice['tone'] = 'info') => {
      const id = next.current++;
      setNotices((l) => [...l, { id, text, tone }].slice(-MAX_NOTICES));
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, NOTICE_MS);
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
  return { notices, show, dismiss };
}

/**
 * The notices, in the strip under the board (never over a ticket): a polite live region, the
 * refusals assertive, so a screen reader hears new orders too.
 */
export function NoticeList({
  notices,
  onDismiss,
}: {
  notices: readonly Notice[];
  onDismiss: (id: number) => void;
}) {
  return (
    <section className="kds-notices" aria-label={t.notifications} aria-live="polite">
      {notices.map((notice) => (
        <div
          key={notice.id}
          className={`kds-notice kds-notice-${notice.tone}`}
          role={notice.tone === 'danger' ? 'alert' : 'status'}
        >
          <span>{notice.text}</span>
          <Button
            variant="ghost"
            className="kds-notice-close"
            aria-label={t.close}
            onPress={() => onDismiss(notice.id)}
          >
            ×
          </Button>
        </div>
      ))}
    </section>
  );
}
