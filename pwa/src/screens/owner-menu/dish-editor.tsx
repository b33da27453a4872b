import { type Category, t } from '@comanda/shared-schema';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import {
  Button as AriaButton,
  FieldError,
  Form,
  Heading,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  TextArea,
  TextField,
} from 'react-aria-components';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { uuid } from '../../data/uuid.ts';
import {
  addOption,
  addVariant,
  DISH_LIMITS,
  type DishDraft,
  type DishErrors,
  type DishValue,
  moveVariant,
  removeOption,
  removeVariant,
  updateOption,
  updateVariant,
  validateDish,
} from './dish-form.ts';
import { MenuSwitch } from './menu-switch.tsx';
import { PriceField } from './price-field.tsx';
import { type VariantActions, VariantEditor } from './variant-editor.tsx';

/** What saving answers: an error to show in the editor, or null once the change is queued. */
export type SaveDish = (value: DishValue) => Promise<string | null>;

/**
 * The dish editor ('Nuovo piatto' / 'Modifica piatto'): name, price, category, description,
 * availability, and the variants with their options. Every field says what is wrong beside it;
 * nothing is queued until the whole dish is valid. Full screen on phones.
 */
export function DishEditor({
  title,
  initial,
  categories,
  onClose,
  onSave,
}: {
  title: string;
  /** The draft the editor opens with. Mount one editor per opening: its state starts here. */
  initial: DishDraft;
  categories: readonly Category[];
  onClose: () => void;
  onSave: SaveDish;
}) {
  const [draft, setDraft] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const variantsTitleId = useId();

  const categoryIds = useMemo(() => new Set(categories.map((c) => c.id)), [categories]);
  const check = useMemo(() => validateDish(draft, categoryIds), [draft, categoryIds]);
  // Messages appear after the first 'Salva', then follow every keystroke.
  const errors: DishErrors = submitted && !check.ok ? check.errors : {};

  const edit = (change: (d: DishDraft) => DishDraft) => {
    setDraft(change);
    setSaveError(null);
  };

  const actions: VariantActions = {
    update: (id, patch) => edit((d) => updateVariant(d, id, patch)),
    move: (id, delta) => edit((d) => moveVariant(d, id, delta)),
    remove: (id) => edit((d) => removeVariant(d, id)),
    addOption: (variantId) => edit((d) => addOption(d, variantId, uuid())),
    updateOption: (variantId, optionId, patch) => edit((d) => updateOption(d, variantId, optionId, patch)),
    removeOption: (variantId, optionId) => edit((d) => removeOption(d, variantId, optionId)),
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    if (!check.ok) {
      // Bring the first message into view: it may sit far down, under the variants.
      requestAnimationFrame(() => {
        const first = bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
        first?.focus();
      });
      return;
    }
    const failure = await onSave(check.value);
    if (failure) setSaveError(failure);
    else onClose();
  };

  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      overlayClassName="menu-modal-overlay menu-editor-overlay"
      modalClassName="menu-modal menu-editor"
      className="menu-editor-dialog"
    >
      <Form className="menu-editor-form" onSubmit={(e) => void submit(e)} validationBehavior="aria">
        <header className="menu-editor-head">
          <Heading slot="title" className="menu-dialog-title">
            {title}
          </Heading>
        </header>
        <div className="menu-editor-body" ref={bodyRef}>
          {submitted && !check.ok ? <Alert tone="danger">{t.menuFixErrors}</Alert> : null}
          {saveError ? <Alert tone="danger">{saveError}</Alert> : null}
          <div className="menu-editor-grid">
            <TextField
              className="field menu-editor-name"
              value={draft.name}
              onChange={(name) => edit((d) => ({ ...d, name }))}
              isInvalid={Boolean(errors.name)}
              autoFocus
            >
              <Label>{t.menuName}</Label>
              <Input autoComplete="off" maxLength={120} />
              <FieldError className="field-error">{errors.name}</FieldError>
            </TextField>
            <PriceField
              label={t.menuPrice}
              value={draft.price}
              onChange={(price) => edit((d) => ({ ...d, price }))}
              error={errors.price}
              steppers
            />
            <Select
              className="field menu-select"
              value={draft.categoryId}
              onChange={(key) => edit((d) => ({ ...d, categoryId: key === null ? null : String(key) }))}
              isInvalid={Boolean(errors.categoryId)}
              placeholder={t.menuChooseCategory}
            >
              <Label className="label">{t.menuCategory}</Label>
              <AriaButton className="menu-select-button">
                <SelectValue className="menu-select-value" />
                <span aria-hidden="true" className="menu-select-caret">
                  ▾
                </span>
              </AriaButton>
              <FieldError className="field-error">{errors.categoryId}</FieldError>
              <Popover className="popover menu-select-popover">
                <ListBox className="menu">
                  {categories.map((c) => (
                    <ListBoxItem key={c.id} id={c.id} className="menu-item" textValue={c.name}>
                      {c.name}
                    </ListBoxItem>
                  ))}
                </ListBox>
              </Popover>
            </Select>
            <TextField
              className="field menu-editor-description"
              value={draft.description}
              onChange={(description) => edit((d) => ({ ...d, description }))}
              isInvalid={Boolean(errors.description)}
            >
              <Label>{t.menuDescription}</Label>
              <TextArea rows={3} maxLength={DISH_LIMITS.description + 20} className="menu-textarea" />
              <FieldError className="field-error">{errors.description}</FieldError>
            </TextField>
            <div className="menu-editor-available">
              <MenuSwitch
                isSelected={draft.available}
                onChange={(available) => edit((d) => ({ ...d, available }))}
              >
                {t.menuAvailable}
              </MenuSwitch>
            </div>
          </div>

          <section className="menu-variants" aria-labelledby={variantsTitleId}>
            <h3 id={variantsTitleId} className="menu-variants-title">
              {t.menuVariants}
            </h3>
            {draft.variants.length === 0 ? <p className="field-hint">{t.menuNoVariants}</p> : null}
            {draft.variants.map((variant, index) => (
              <VariantEditor
                key={variant.id}
                variant={variant}
                index={index}
                count={draft.variants.length}
                errors={errors}
                actions={actions}
              />
            ))}
            {errors.variants ? (
              <p className="field-error" role="alert">
                {errors.variants}
              </p>
            ) : null}
            <div>
              <Button variant="secondary" onPress={() => edit((d) => addVariant(d, uuid(), uuid()))}>
                {t.menuAddVariant}
              </Button>
            </div>
          </section>
        </div>
        <footer className="btn-row menu-editor-foot">
          <Button variant="secondary" onPress={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" variant="primary">
            {t.save}
          </Button>
        </footer>
      </Form>
    </ModalDialog>
  );
}
