import { t, tf } from '@comanda/shared-schema';
import { FieldError, Input, Label, TextField } from 'react-aria-components';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import { type DishErrors, fieldKey, type OptionDraft, type VariantDraft } from './dish-form.ts';
import { TrashIcon } from './icons.tsx';
import { PriceField } from './price-field.tsx';

export interface VariantActions {
  update: (id: string, patch: Partial<Omit<VariantDraft, 'id'>>) => void;
  move: (id: string, delta: -1 | 1) => void;
  remove: (id: string) => void;
  addOption: (variantId: string) => void;
  updateOption: (variantId: string, optionId: string, patch: Partial<Omit<OptionDraft, 'id'>>) => void;
  removeOption: (variantId: string, optionId: string) => void;
}

function NameInput({
  label,
  value,
  onChange,
  error,
  className = '',
  labelHidden = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  className?: string;
  labelHidden?: boolean;
}) {
  return (
    <TextField
      className={`field ${className}`}
      value={value}
      onChange={onChange}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
    >
      <Label className={labelHidden ? 'visually-hidden' : undefined}>{label}</Label>
      <Input autoComplete="off" maxLength={120} />
      <FieldError className="field-error">{error}</FieldError>
    </TextField>
  );
}

/**
 * One variant of the dish editor: its name, 'Scelta multipla' (multi 1; otherwise the customer
 * must pick exactly one option), its place among the variants, and its options with their
 * extra charge.
 */
export function VariantEditor({
  variant,
  index,
  count,
  errors,
  actions,
}: {
  variant: VariantDraft;
  index: number;
  count: number;
  errors: DishErrors;
  actions: VariantActions;
}) {
  const groupLabel = tf.menuVariantGroup(index + 1);
  const named = variant.name.trim() || groupLabel;
  const optionsError = errors[fieldKey.variantOptions(variant.id)];
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would not take the card layout's grid on every browser
    <div role="group" aria-label={named} className="menu-variant">
      <div className="menu-variant-head">
        <span className="menu-variant-number" aria-hidden="true">
          {groupLabel}
        </span>
        <div className="btn-row menu-variant-tools">
          <Button
            variant="ghost"
            className="menu-icon-button"
            aria-label={tf.menuMoveUpLabel(named)}
            isDisabled={index === 0}
            onPress={() => actions.move(variant.id, -1)}
          >
            <span aria-hidden="true">↑</span>
          </Button>
          <Button
            variant="ghost"
            className="menu-icon-button"
            aria-label={tf.menuMoveDownLabel(named)}
            isDisabled={index === count - 1}
            onPress={() => actions.move(variant.id, 1)}
          >
            <span aria-hidden="true">↓</span>
          </Button>
          <Button
            variant="ghost"
            className="menu-row-button menu-danger"
            aria-label={`${t.menuRemoveVariant}: ${named}`}
            onPress={() => actions.remove(variant.id)}
          >
            <TrashIcon />
            <span className="menu-button-text">{t.menuRemoveVariant}</span>
          </Button>
        </div>
      </div>
      <NameInput
        label={t.menuVariantName}
        value={variant.name}
        onChange={(name) => actions.update(variant.id, { name })}
        error={errors[fieldKey.variantName(variant.id)]}
      />
      <Checkbox isSelected={variant.multi} onChange={(multi) => actions.update(variant.id, { multi })}>
        {t.menuMultiChoice}
      </Checkbox>
      {variant.multi ? null : <p className="field-hint menu-variant-hint">{t.menuMultiChoiceHint}</p>}
      <ul className="menu-options">
        {variant.options.map((option, oi) => (
          // Column labels show once, above the first option; each input keeps its name.
          <li key={option.id} className={oi === 0 ? 'menu-option' : 'menu-option menu-option-next'}>
            <NameInput
              className="menu-option-label"
              labelHidden={oi > 0}
              label={t.menuOption}
              value={option.label}
              onChange={(label) => actions.updateOption(variant.id, option.id, { label })}
              error={errors[fieldKey.optionLabel(option.id)]}
            />
            <PriceField
              className="menu-option-price"
              label={t.menuOptionPrice}
              labelHidden={oi > 0}
              value={option.price}
              onChange={(price) => actions.updateOption(variant.id, option.id, { price })}
              error={errors[fieldKey.optionPrice(option.id)]}
            />
            <Button
              variant="ghost"
              className="menu-icon-button menu-danger menu-option-remove"
              aria-label={`${t.menuRemoveOption}: ${option.label.trim() || tf.menuOptionGroup(oi + 1)}`}
              onPress={() => actions.removeOption(variant.id, option.id)}
            >
              <span aria-hidden="true">✕</span>
            </Button>
          </li>
        ))}
      </ul>
      {optionsError ? (
        <p className="field-error" role="alert">
          {optionsError}
        </p>
      ) : null}
      <div>
        <Button variant="secondary" onPress={() => actions.addOption(variant.id)}>
          {t.menuAddOption}
        </Button>
      </div>
    </div>
  );
}
