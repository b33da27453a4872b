import { type ChatMessage, romeTime, t } from '@comanda/shared-schema';
import { useLayoutEffect, useRef } from 'react';
import { Button } from '../button.tsx';
import './chat.css';

/** 'HH:MM' in Rome, whatever the device's time zone. */
export function romeClock(iso: string): string {
  try {
    return romeTime(iso).time;
  } catch {
    return '';
  }
}

/** A message this phone wrote that the server has not confirmed yet (or refused). */
export interface PendingMessage {
  id: string;
  text: string;
  /** queued: to send once the conversation is synced; sent: on the wire, waiting for its echo. */
  status: 'queued' | 'sent' | 'refused';
  error?: string;
}

export interface MessageListProps {
  messages: readonly ChatMessage[];
  /** Whose screen it is: their own messages sit on the right. */
  viewer: 'user' | 'owner';
  /** The sender's name of each side, as this screen calls them. */
  names: { user: string; owner: string };
  pending?: readonly PendingMessage[];
  onForget?: (id: string) => void;
  /** Shown when there is nothing yet. */
  empty: string;
}

/**
 * A conversation: each message with its sender and Rome time; the text is rendered as text
 * (React escapes it: markup shows as typed). A log region, so screen readers hear new ones.
 * It follows the newest message as messages arrive.
 */
export function MessageList({ messages, viewer, names, pending = [], onForget, empty }: MessageListProps) {
  const box = useRef<HTMLDivElement>(null);
  const count = messages.length + pending.length;
  // The box scrolls, not the page: the newest message in view, the page where the person left it.
  useLayoutEffect(() => {
    const el = box.current;
    if (el && count > 0) el.scrollTop = el.scrollHeight;
  }, [count]);

  return (
    <div
      className="chat-log"
      role="log"
      aria-label={t.chatMessages}
      aria-live="polite"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a long conversation scrolls in this box; keyboards must reach it
      tabIndex={0}
      ref={box}
    >
      <ol className="chat-list">
        {count === 0 ? <li className="chat-empty">{empty}</li> : null}
        {messages.map((m) => {
          const from = m.from ?? 'user';
          const time = romeClock(m.time);
          return (
            <li key={m.id} className={from === viewer ? 'chat-msg chat-msg-mine' : 'chat-msg'}>
              <p className="chat-msg-head">
                <span className="chat-msg-from">{names[from]}</span> <time dateTime={m.time}>{time}</time>
              </p>
              <p className="chat-msg-text">{m.text}</p>
            </li>
          );
        })}
        {pending.map((p) => (
          <li key={p.id} className="chat-msg chat-msg-mine chat-msg-pending">
            <p className="chat-msg-head">
              <span className="chat-msg-from">{names[viewer]}</span>{' '}
              <span className={p.status === 'refused' ? 'chat-msg-state chat-msg-refused' : 'chat-msg-state'}>
                {p.status === 'refused' ? t.chatNotSent : t.chatPending}
              </span>
            </p>
            <p className="chat-msg-text">{p.text}</p>
            {p.status === 'refused' ? (
              <p className="chat-msg-error">
                <span role="alert">{p.error}</span>
                {onForget ? (
                  <Button variant="ghost" className="chat-msg-forget" onPress={() => onForget(p.id)}>
                    {t.discardChange}
                  </Button>
                ) : null}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
