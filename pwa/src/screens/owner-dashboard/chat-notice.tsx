import { t, tf } from '@comanda/shared-schema';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button.tsx';
import { totalUnread } from '../../data/conversations.ts';
import { useEntities } from '../../data/hooks.ts';
import { useConversations } from '../../data/use-conversations.ts';
import { useLiveEvent } from '../../live/use-live.ts';
import './chat-notice.css';

/** A toast shows this much of a message; the chat shows all of it. */
const PREVIEW_CHARS = 80;

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1)}…` : flat;
}

/**
 * The dashboard's view of the chat: a customer's new message pops a toast
 * ('Tavolo 8: …') and the 'Chat' button counts what this device has not read; it opens the
 * conversation with the newest unread message.
 */
export function ChatNotice({ notify }: { notify: (text: string) => void }) {
  const navigate = useNavigate();
  const list = useConversations();
  const tables = useEntities('table');
  const unread = useMemo(() => totalUnread(list ?? []), [list]);
  const seen = useRef(new Set<string>());
  const numbers = useMemo(() => new Map((tables ?? []).map((x) => [x.id, x.number])), [tables]);

  useLiveEvent('recieveMessage', (message) => {
    if (message.from === 'owner' || seen.current.has(message.id)) return;
    seen.current.add(message.id);
    const number = numbers.get(message.tableId);
    notify(tf.chatToast(number ? tf.table(number) : t.table, preview(message.text)));
  });

  const target = list?.find((c) => c.unread > 0);
  return (
    <Button
      className={
        unread > 0
          ? 'dash-filter-button dash-chat-link dash-chat-unread'
          : 'dash-filter-button dash-chat-link'
      }
      aria-label={unread > 0 ? tf.chatOpenUnread(unread) : t.chatOpen}
      onPress={() =>
        void navigate(target ? `/owner/chat?table=${encodeURIComponent(target.tableId)}` : '/owner/chat')
      }
    >
      {t.chat}
      {unread > 0 ? (
        // Drawn from data-count (owner-dashboard.css): the visible text stays 'Chat', part of the name.
        <span className="dash-badge dash-chat-badge" aria-hidden="true" data-count={tf.count(unread)} />
      ) : null}
    </Button>
  );
}
