import { type Room, t } from '@comanda/shared-schema';
import { type FormEvent, useEffect, useState } from 'react';
import { FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { Button } from '../../components/button.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { x, xf } from '../../texts-extra.ts';

/** What an action answers: an error text to show, or null when the change was queued. */
export type ActionResult = Promise<string | null>;

export interface ManageRoomsProps {
  isOpen: boolean;
  onClose: () => void;
  rooms: readonly Room[];
  onAdd: (name: string) => ActionResult;
  onRename: (id: string, name: string) => ActionResult;
  onDelete: (id: string) => ActionResult;
}

function NameField({
  label,
  value,
  onChange,
  error,
  labelHidden = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  labelHidden?: boolean;
}) {
  return (
    <TextField
      className="field room-name-field"
      value={value}
      onChange={onChange}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
    >
      <Label className={labelHidden ? 'visually-hidden' : undefined}>{label}</Label>
      <Input autoComplete="off" />
      <FieldError className="field-error">{error}</FieldError>
    </TextField>
  );
}

function RoomRow({
  room,
  onRename,
  onDelete,
}: {
  room: Room;
  onRename: ManageRoomsProps['onRename'];
  onDelete: ManageRoomsProps['onDelete'];
}) {
  const [name, setName] = useState(room.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  // A rename from another tablet (or ours, caught up) shows in the field.
  useEffect(() => setName(room.name), [room.name]);

  const rename = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setDeleteError(null);
    setNameError(name === room.name ? null : await onRename(room.id, name));
  };

  return (
    <li className="room-row">
      <Form className="room-row-form" onSubmit={(e) => void rename(e)}>
        <NameField
          label={xf.roomNameLabel(room.name)}
          labelHidden
          value={name}
          onChange={(value) => {
            setName(value);
            setNameError(null);
          }}
          error={nameError}
        />
        <div className="btn-row">
          <Button type="submit" variant="secondary" aria-label={xf.renameRoomLabel(room.name)}>
            {t.renameRoom}
          </Button>
          <Button
            variant="ghost"
            className="btn-danger-text"
            aria-label={xf.deleteRoomLabel(room.name)}
            onPress={() => {
              setNameError(null);
              void onDelete(room.id).then(setDeleteError);
            }}
          >
            {t.tableMenuDelete}
          </Button>
        </div>
      </Form>
      {deleteError ? (
        <p className="field-error" role="alert">
          {deleteError}
        </p>
      ) : null}
    </li>
  );
}

/**
 * 'Gestisci sale' (spec 2.4, 5): every room, renamed or deleted in place, a new one added through
 * 'Nome nuova sala', and 'Chiudi'. A name must be non-empty and under 100 characters: an invalid
 * new name is not sent at all.
 */
export function ManageRoomsDialog({ isOpen, onClose, rooms, onAdd, onRename, onDelete }: ManageRoomsProps) {
  const [newName, setNewName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);

  const add = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const error = await onAdd(newName);
    setAddError(error);
    if (!error) setNewName('');
  };

  return (
    <ModalDialog
      isOpen={isOpen}
      onClose={onClose}
      overlayClassName="room-modal-overlay"
      modalClassName="room-modal"
      className="room-dialog"
      title={t.manageRooms}
    >
      {rooms.length > 0 ? (
        <section aria-label={x.existingRooms}>
          <ul className="room-list">
            {rooms.map((room) => (
              <RoomRow key={room.id} room={room} onRename={onRename} onDelete={onDelete} />
            ))}
          </ul>
        </section>
      ) : null}
      <Form className="room-add-form" onSubmit={(e) => void add(e)}>
        <NameField
          label={t.newRoomName}
          value={newName}
          onChange={(value) => {
            setNewName(value);
            setAddError(null);
          }}
          error={addError}
        />
        <Button type="submit" variant="primary">
          {t.addRoom}
        </Button>
      </Form>
      <div className="btn-row room-dialog-actions">
        <Button variant="secondary" onPress={onClose}>
          {t.close}
        </Button>
      </div>
    </ModalDialog>
  );
}
