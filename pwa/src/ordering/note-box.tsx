import { NOTE_MAX, t, tf } from '@comanda/shared-schema';
import { type FocusEvent, useId, useRef, useState } from 'react';
import { Label, TextArea, TextField } from 'react-aria-components';
import { Button } from '../components/button.tsx';

/**
 * The note box of a cart line (spec 5): counter 'n/150'; typing past 150 characters shows
 * 'Note cannot exceed 150 characters.' and the input is refused (the text stays as it was);
 * saved on blur or with the check button; the close button removes the note.
 */
export function NoteBox({
  dishName,
  initial,
  onSave,
  onRemove,
}: {
  dishName: string;
  initial: string;
  onSave: (note: string) => void;
  onRemove: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const counterId = useId();

  const change = (value: string) => {
    if (value.length > NOTE_MAX) {
      setError(t.noteTooLong);
      return;
    }
    setError(null);
    setDraft(value);
  };

  // Leaving the box saves; moving to its own buttons does not (they decide).
  const onBlur = (e: FocusEvent) => {
    const next = e.relatedTarget as Node | null;
    if (next && box.current?.contains(next)) return;
    onSave(draft);
  };

  return (
    <div className="note-box" ref={box}>
      <TextField value={draft} onChange={change} className="field note-field" aria-describedby={counterId}>
        <Label className="visually-hidden">{tf.noteFor(dishName)}</Label>
        <TextArea rows={2} onBlur={onBlur} placeholder={t.noteLabel} autoFocus />
      </TextField>
      <div className="note-box-row">
        <span id={counterId} className="note-counter">
          {tf.noteCounter(draft.length, NOTE_MAX)}
        </span>
        {error ? (
          <span className="field-error" role="alert">
            {error}
          </span>
        ) : null}
        <span className="note-box-buttons">
          <Button variant="secondary" aria-label={t.saveNote} onPress={() => onSave(draft)}>
            <svg
              aria-hidden="true"
              viewBox="0 0 18 18"
              width="18"
              height="18"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
            >
              <polyline points="2 9 7 14 16 4" />
            </svg>
          </Button>
          <Button variant="ghost" aria-label={t.removeNote} onPress={onRemove}>
            <svg
              aria-hidden="true"
              viewBox="0 0 18 18"
              width="18"
              height="18"
              stroke="currentColor"
              strokeWidth="3"
            >
              <line x1="3" y1="3" x2="15" y2="15" />
              <line x1="15" y1="3" x2="3" y2="15" />
            </svg>
          </Button>
        </span>
      </div>
    </div>
  );
}
