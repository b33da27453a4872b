import { t, tf } from '@comanda/shared-schema';
import { useMemo, useSyncExternalStore } from 'react';
import { useParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { ChatComposer } from '../../components/chat/chat-composer.tsx';
import { MessageList } from '../../components/chat/message-list.tsx';
import { Loading } from '../../components/loading.tsx';
import { useDocumentTitle } from '../../components/page.tsx';
import { CallWaiter } from '../../ordering/call-waiter.tsx';
import { cartStoreFor, tableScope } from '../../ordering/cart-store.ts';
import { decodeParam, TableNav } from '../../ordering/table-nav.tsx';
import { useCustomerLive } from '../../ordering/use-customer-live.ts';
import { useChatChecks } from './chat-checks.ts';
import { useTableChat } from './use-table-chat.ts';
import '../../ordering/ordering.css';

const NAMES = { user: t.chatFromYou, owner: t.chatFromVenue };

/**
 * `/user/chat/{ownerId}/{tableId}` (spec 2.2 section 2): the table's conversation with the
 * venue, live. Usable only at a valid table with the venue's chat on; otherwise it says why and
 * offers no input. Switching the chat off on a tablet closes the input at once.
 */
export default function UserChatScreen() {
  const params = useParams();
  const ownerId = decodeParam(params.ownerId);
  const tableId = decodeParam(params.tableId);
  const store = useMemo(() => cartStoreFor(tableScope(ownerId, tableId)), [ownerId, tableId]);
  const cart = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const { checks, retry } = useChatChecks(ownerId, tableId);
  const ready = checks.state === 'ready';
  const live = useCustomerLive(ownerId, tableId, {}, ready);
  const chat = useTableChat(ownerId, tableId, live.connection, ready ? checks.chatEnabled : null);
  useDocumentTitle(t.chatTitle);

  const count = cart.lines.reduce((n, line) => n + line.amount, 0);
  const head = (
    <header className="ordering-head">
      <div>
        <p className="ordering-eyebrow">
          {ready ? [checks.venueName, tf.table(checks.tableNumber)].filter(Boolean).join(' · ') : ''}
        </p>
        <h1>{t.chatTitle}</h1>
      </div>
      {ready ? <TableNav ownerId={ownerId} tableId={tableId} count={count} /> : null}
    </header>
  );

  if (checks.state === 'loading') {
    return (
      <div className="ordering user-chat">
        {head}
        <Loading />
      </div>
    );
  }
  if (checks.state === 'failed') {
    return (
      <div className="ordering user-chat">
        {head}
        <Alert tone="danger">
          <p>{checks.message}</p>
          {checks.canRetry ? (
            <Button variant="secondary" onPress={retry}>
              {t.retry}
            </Button>
          ) : null}
        </Alert>
      </div>
    );
  }

  const { state } = chat;
  const enabled = state.enabled ?? checks.chatEnabled;
  const offline = live.status !== 'connected';
  return (
    <div className="ordering user-chat">
      {head}
      <div className="ordering-notices">
        <CallWaiter ownerId={ownerId} tableId={tableId} connection={live.connection} />
      </div>
      {enabled ? null : <Alert tone="warning">{t.chatDisabled}</Alert>}
      {enabled && state.notice ? <Alert tone="danger">{state.notice}</Alert> : null}
      <div className="chat-panel">
        <MessageList
          messages={state.messages}
          pending={state.pending}
          viewer="user"
          names={NAMES}
          onForget={chat.forget}
          empty={enabled ? t.chatEmpty : t.chatDisabled}
        />
        {enabled ? (
          <ChatComposer
            label={t.chatMessageLabel}
            onSend={chat.write}
            note={offline ? t.chatOffline : null}
          />
        ) : null}
      </div>
    </div>
  );
}
