import { type Category, KITCHEN_AREAS, type KitchenArea, t } from '@comanda/shared-schema';
import { type FormEvent, useState } from 'react';
import {
  FieldError,
  Form,
  Heading,
  Input,
  Label,
  Radio,
  RadioGroup,
  Text,
  TextField,
} from 'react-aria-components';
import { Button } from '../../components/button.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';

export const AREA_TEXT: Record<KitchenArea, string> = {
  cucina: t.kitchenAreaKitchen,
  bar: t.kitchenAreaBar,
  fritti: t.kitchenAreaFried,
};

/** What saving answers: the error to show under the name, or null once the change is queued. */
export type SaveCategory = (name: string, area: KitchenArea) => Promise<string | null>;

/**
 * 'Nuova categoria' and 'Modifica categoria': the name and the kitchen area (cucina, bar, fritti)
 * that the lines of its dishes are routed to. Nothing is queued while the name is invalid.
 */
export function CategoryDialog({
  category,
  onClose,
  onSave,
}: {
  /** Null: a new category. Mount one dialog per opening: its fields start from here. */
  category: Category | null;
  onClose: () => void;
  onSave: SaveCategory;
}) {
  const [name, setName] = useState(category?.name ?? '');
  const [area, setArea] = useState<KitchenArea>(category?.area ?? 'cucina');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const failure = await onSave(name, area);
    if (failure) setError(failure);
    else onClose();
  };

  const title = category ? t.menuEditCategory : t.menuNewCategory;
  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      overlayClassName="menu-modal-overlay"
      modalClassName="menu-modal menu-modal-small"
      className="menu-dialog"
    >
      <Form className="menu-dialog-form" onSubmit={(e) => void submit(e)}>
        <Heading slot="title" className="menu-dialog-title">
          {title}
        </Heading>
        <TextField
          className="field"
          value={name}
          onChange={(value) => {
            setName(value);
            setError(null);
          }}
          isInvalid={Boolean(error)}
          validationBehavior="aria"
          autoFocus
        >
          <Label>{t.menuName}</Label>
          <Input autoComplete="off" maxLength={120} />
          <FieldError className="field-error">{error}</FieldError>
        </TextField>
        <RadioGroup
          className="field menu-radio-group"
          value={area}
          onChange={(value) => setArea(value as KitchenArea)}
          orientation="horizontal"
        >
          <Label className="label">{t.menuKitchenArea}</Label>
          <div className="menu-radios">
            {KITCHEN_AREAS.map((a) => (
              <Radio key={a} value={a} className="menu-radio">
                <span className="menu-radio-dot" aria-hidden="true" />
                {AREA_TEXT[a]}
              </Radio>
            ))}
          </div>
          <Text slot="description" className="field-hint">
            {t.menuKitchenAreaHint}
          </Text>
        </RadioGroup>
        <div className="btn-row menu-dialog-actions">
          <Button variant="secondary" onPress={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" variant="primary">
            {t.save}
          </Button>
        </div>
      </Form>
    </ModalDialog>
  );
}
