import { t, tf } from '@comanda/shared-schema';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { ChatComposer } from '../../components/chat/chat-composer.tsx';
import { ChatSwitch } from '../../components/chat/chat-switch.tsx';
import { MessageList, romeClock } from '../../components/chat/message-list.tsx';
import { Loading } from '../../components/loading.tsx';
import { useDocumentTitle } from '../../components/page.tsx';
import { errorText } from '../../data/api.ts';
import { readMarks } from '../../data/chat-read-marks.ts';
import type { Conversation } from '../../data/conversations.ts';
import { useEntities, useSyncClient } from '../../data/hooks.ts';
import { useConversations } from '../../data/use-conversations.ts';
import { useRefusalToasts } from '../../data/use-refusal-toasts.ts';
import { useSyncReadiness } from '../../data/use-sync-readiness.ts';
import { uuid } from '../../data/uuid.ts';
import './owner-chat.css';

/** The outbox calls this screen makes: their refusals pop up here with the server's reason. */
const CHAT_CALLS: ReadonlySet<string> = new Set(['ownerChatSend', 'ownerChatToggle']);

function ConversationItem({
  conversation,
  selected,
  onSelect,
}: {
  conversation: Conversation;
  selected: boolean;
  onSelect: () => void;
}) {
  const { number, last, unread } = conversation;
  const label = tf.table(number);
  return (
    <li>
      <Button
        className={selected ? 'owner-chat-item owner-chat-item-current' : 'owner-chat-item'}
        aria-current={selected ? 'true' : undefined}
        onPress={onSelect}
      >
        <span className="owner-chat-item-head">
          <span>
            <strong>{label}</strong>
            {unread > 0 ? <span className="visually-hidden">{`, ${tf.chatUnread(unread)}`}</span> : null}
          </span>
          <time dateTime={last.time}>{romeClock(last.time)}</time>
        </span>
        <span className="owner-chat-item-preview">
          {last.from === 'owner' ? `${t.chatFromStaff}: ` : ''}
          {last.text}
        </span>
        {unread > 0 ? (
          <span className="owner-chat-unread" aria-hidden="true">
            {tf.count(unread)}
          </span>
        ) : null}
      </Button>
    </li>
  );
}

/**
 * `/owner/chat` (spec 2.3): the tables' conversations from the device's copy, newest
 * first with this device's unread counts, and the answer box. Answers go through the outbox:
 * shown at once, delivered once when the tablet is back online. `?table=` opens one.
 */
export function OwnerChatScreen() {
  useDocumentTitle(t.chat);
  const sync = useSyncClient();
  const { readiness, retry } = useSyncReadiness();
  const list = useConversations();
  const business = useEntities('business')?.[0];
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('table');
  const selected = useMemo(() => list?.find((c) => c.tableId === selectedId) ?? null, [list, selectedId]);
  const [failure, setFailure] = useState<string | null>(null);
  useRefusalToasts(CHAT_CALLS, setFailure);
  const enabled = business?.chatEnabled !== 0;

  // What is on screen is read: the unread count of the open conversation goes to 0.
  const lastTime = selected?.last.time;
  useEffect(() => {
    if (selectedId && lastTime) readMarks.mark(selectedId, lastTime);
  }, [selectedId, lastTime]);

  const select = (tableId: string | null) => {
    const next = new URLSearchParams(params);
    if (tableId) next.set('table', tableId);
    else next.delete('table');
    setParams(next, { replace: true });
    setFailure(null);
  };

  const answer = (text: string) => {
    if (!selected) return;
    setFailure(null);
    sync
      .mutate('ownerChatSend', { id: uuid(), tableId: selected.tableId, text })
      .catch((err: unknown) => setFailure(errorText(err)));
  };

  let body: React.ReactNode;
  if (readiness === 'failed' && !list?.length) {
    body = (
      <div className="owner-chat-empty">
        <Alert tone="danger">{t.networkError}</Alert>
        <Button variant="primary" onPress={retry}>
          {t.retry}
        </Button>
      </div>
    );
  } else if (!list || readiness === 'loading') {
    body = <Loading />;
  } else {
    body = (
      <div className={selected ? 'owner-chat-body owner-chat-open' : 'owner-chat-body'}>
        <nav className="owner-chat-list" aria-labelledby="owner-chat-list-title">
          <h2 id="owner-chat-list-title">{t.chatConversations}</h2>
          {list.length === 0 ? (
            <p className="owner-chat-none">{t.chatNoConversations}</p>
          ) : (
            <ul>
              {list.map((c) => (
                <ConversationItem
                  key={c.tableId}
                  conversation={c}
                  selected={c.tableId === selected?.tableId}
                  onSelect={() => select(c.tableId)}
                />
              ))}
            </ul>
          )}
        </nav>
        <section className="owner-chat-thread" aria-labelledby="owner-chat-thread-title">
          {selected ? (
            <>
              <div className="owner-chat-thread-head">
                <Button variant="ghost" className="owner-chat-back" onPress={() => select(null)}>
                  ← {t.chatBack}
                </Button>
                <h2 id="owner-chat-thread-title">{tf.table(selected.number)}</h2>
              </div>
              <div className="chat-panel">
                <MessageList
                  messages={selected.messages}
                  viewer="owner"
                  names={{ user: tf.table(selected.number), owner: t.chatFromStaff }}
                  empty={t.chatEmpty}
                />
                <ChatComposer
                  key={selected.tableId}
                  label={`${t.chatAnswer}: ${tf.table(selected.number)}`}
                  onSend={answer}
                  isDisabled={!enabled}
                  note={failure}
                />
              </div>
            </>
          ) : (
            <p id="owner-chat-thread-title" className="owner-chat-choose">
              {list.length > 0 ? t.chatChooseConversation : ''}
            </p>
          )}
        </section>
      </div>
    );
  }

  return (
    <div className="owner-chat">
      <div className="owner-chat-toolbar">
        <h1>{t.chat}</h1>
        <ChatSwitch
          onToggle={() =>
            void sync.mutate('ownerChatToggle', {}).catch((err: unknown) => setFailure(errorText(err)))
          }
        />
      </div>
      {enabled ? null : <Alert tone="warning">{t.chatDisabledOwner}</Alert>}
      {failure && !selected ? <Alert tone="danger">{failure}</Alert> : null}
      {body}
    </div>
  );
}
