import { CHAT_MESSAGE_MAX, t, tf } from '@comanda/shared-schema';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { Label, TextArea, TextField } from 'react-aria-components';
import { Button } from '../button.tsx';
import './chat.css';

/**
 * The answer box: a text area (at most 500 characters, counted), 'Invia'. Enter sends, Shift+
 * Enter starts a new line; a blank message is never sent. `onSend` gets the trimmed text.
 */
export function ChatComposer({
  label,
  onSend,
  isDisabled = false,
  note,
}: {
  label: string;
  onSend: (text: string) => void;
  isDisabled?: boolean;
  /** A line under the box (offline, refused...). */
  note?: string | null;
}) {
  const [draft, setDraft] = useState('');
  const counterId = useId();
  const text = draft.trim();
  const canSend = !isDisabled && text.length > 0 && draft.length <= CHAT_MESSAGE_MAX;

  const send = (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSend) return;
    onSend(text);
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  return (
    <form className="chat-composer" onSubmit={send}>
      <TextField
        value={draft}
        onChange={(value) => setDraft(value.slice(0, CHAT_MESSAGE_MAX))}
        maxLength={CHAT_MESSAGE_MAX}
        isDisabled={isDisabled}
        className="field chat-field"
        aria-describedby={counterId}
      >
        <Label className="visually-hidden">{label}</Label>
        <TextArea rows={2} placeholder={t.chatPlaceholder} onKeyDown={onKeyDown} />
      </TextField>
      <div className="chat-composer-row">
        <span id={counterId} className="chat-counter">
          {tf.chatCounter(draft.length, CHAT_MESSAGE_MAX)}
        </span>
        {note ? <span className="chat-composer-note">{note}</span> : null}
        <Button type="submit" variant="primary" className="chat-send" isDisabled={!canSend}>
          {t.chatSend}
        </Button>
      </div>
    </form>
  );
}
