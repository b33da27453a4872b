import { type CartLine, checkNote, formatEuro, type MenuDish, t } from '@comanda/shared-schema';
import { useMemo, useRef, useState } from 'react';
import { Checkbox, CheckboxGroup, Heading, Label, Radio, RadioGroup, Text } from 'react-aria-components';
import { Alert } from '../components/alert.tsx';
import { Button } from '../components/button.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import {
  buildLine,
  chooseSingle,
  customOptions,
  emptyPick,
  isCustomizing,
  isRemovable,
  missingGroups,
  noThanksOption,
  type PickerGroup,
  type PickState,
  pickerGroups,
  pickPrice,
  setCustomizing,
  setExtra,
  setIngredient,
} from './variant-pick.ts';

/** The two choices of an ingredients group's radio. */
const AS_MENU = 'as-menu';
const CUSTOMIZE = 'customize';

/** Scroll the dialog's content back to the top (spec 5), where the message now shows. */
export function scrollToTop(element: HTMLElement | null): void {
  if (!element) return;
  if (typeof element.scrollTo === 'function') element.scrollTo({ top: 0, behavior: 'smooth' });
  else element.scrollTop = 0;
}

function priceSuffix(cents: number): string {
  return cents > 0 ? ` (+${formatEuro(cents)})` : '';
}

function Tick() {
  return (
    <span className="pick-box" aria-hidden="true">
      <svg
        aria-hidden="true"
        viewBox="0 0 18 18"
        width="16"
        height="16"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
      >
        <polyline points="2 9 7 14 16 4" />
      </svg>
    </span>
  );
}

function GroupLabel({ group, missing }: { group: PickerGroup; missing: boolean }) {
  return (
    <Label className="pick-legend">
      {group.variant.name}
      {missing ? <span className="pick-required"> {t.mandatoryChoice}</span> : null}
    </Label>
  );
}

function SingleGroup({
  group,
  pick,
  missing,
  onPick,
}: {
  group: PickerGroup;
  pick: PickState;
  missing: boolean;
  onPick: (next: PickState) => void;
}) {
  const id = group.variant.id;
  return (
    <RadioGroup
      className="pick-group"
      value={pick.single[id] ?? null}
      onChange={(value) => onPick(chooseSingle(pick, id, value))}
      isRequired
      isInvalid={missing}
    >
      <GroupLabel group={group} missing={missing} />
      {group.options.map((option) => (
        <Radio key={option.id} value={option.id} className="pick-option">
          <span className="pick-radio" aria-hidden="true" />
          <span>
            {option.label}
            {priceSuffix(option.price)}
          </span>
        </Radio>
      ))}
    </RadioGroup>
  );
}

function MultiGroup({
  group,
  pick,
  onPick,
}: {
  group: PickerGroup;
  pick: PickState;
  onPick: (next: PickState) => void;
}) {
  const id = group.variant.id;
  return (
    <CheckboxGroup
      className="pick-group"
      value={pick.extras[id] ?? []}
      onChange={(next) => onPick({ ...pick, extras: { ...pick.extras, [id]: next } })}
    >
      <GroupLabel group={group} missing={false} />
      {group.options.map((option) => (
        <Checkbox key={option.id} value={option.id} className="pick-option">
          <Tick />
          <span>
            {option.label}
            {priceSuffix(option.price)}
          </span>
        </Checkbox>
      ))}
    </CheckboxGroup>
  );
}

/**
 * A multi-choice variant with 'no, grazie!' (see variant-pick.ts): first a radio choice,
 * 'no, grazie!' listed first and chosen (the dish as the menu has it) or 'Personalizza'; with
 * 'Personalizza' the ingredients show ticked (untick to remove, 'NO Cipolla') and the extras
 * unticked with their price.
 */
function IngredientsGroup({
  group,
  pick,
  onPick,
}: {
  group: PickerGroup;
  pick: PickState;
  onPick: (next: PickState) => void;
}) {
  const id = group.variant.id;
  const customizing = isCustomizing(pick, id);
  const removed = new Set(pick.removed[id] ?? []);
  const extras = new Set(pick.extras[id] ?? []);
  const options = customOptions(group);
  const hasIngredients = options.some((o) => isRemovable(group, o));
  // The ticked boxes as react-aria sees them: kept ingredients and chosen extras.
  const value = options
    .filter((o) => (isRemovable(group, o) ? !removed.has(o.id) : extras.has(o.id)))
    .map((o) => o.id);

  // One press changes one box: find it and apply its meaning.
  const onChange = (next: string[]) => {
    const before = new Set(value);
    const after = new Set(next);
    const pressed = options.find((o) => before.has(o.id) !== after.has(o.id));
    if (!pressed) return;
    const on = after.has(pressed.id);
    onPick(
      isRemovable(group, pressed)
        ? setIngredient(pick, id, pressed.id, on)
        : setExtra(pick, id, pressed.id, on),
    );
  };

  return (
    <div className="pick-ingredients">
      <RadioGroup
        className="pick-group pick-choice"
        value={customizing ? CUSTOMIZE : AS_MENU}
        onChange={(choice) => onPick(setCustomizing(pick, id, choice === CUSTOMIZE))}
      >
        <GroupLabel group={group} missing={false} />
        <Radio value={AS_MENU} className="pick-option">
          <span className="pick-radio" aria-hidden="true" />
          <span>
            {noThanksOption(group)?.label ?? t.noThanks}
            <span className="pick-option-hint"> {t.ingredientsAsMenu}</span>
          </span>
        </Radio>
        <Radio value={CUSTOMIZE} className="pick-option">
          <span className="pick-radio" aria-hidden="true" />
          <span>{t.ingredientsCustomize}</span>
        </Radio>
      </RadioGroup>
      {customizing ? (
        <CheckboxGroup
          className="pick-group pick-custom"
          value={value}
          onChange={onChange}
          aria-label={group.variant.name}
        >
          {hasIngredients ? (
            <Text slot="description" className="field-hint">
              {t.ingredientsHint}
            </Text>
          ) : null}
          {options.map((option) => {
            const isRemoved = isRemovable(group, option) && removed.has(option.id);
            return (
              <Checkbox key={option.id} value={option.id} className="pick-option">
                <Tick />
                <span className={isRemoved ? 'pick-removed' : undefined}>
                  {isRemoved ? `NO ${option.label}` : option.label}
                  {priceSuffix(option.price)}
                </span>
              </Checkbox>
            );
          })}
        </CheckboxGroup>
      ) : null}
    </div>
  );
}

/**
 * Spec 2.8: the dialog a dish with variants opens. Titled with the dish name; variants by
 * position; 'Aggiungi al carrello' refuses while a mandatory single choice is missing, showing
 * 'Selezionare almeno una categoria' at the top and '(scelta obbligatoria)' by the group, and
 * scrolls the dialog to the top.
 */
export function VariantPicker({
  dish,
  onAdd,
  onClose,
}: {
  dish: MenuDish;
  onAdd: (line: CartLine) => void;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      overlayClassName="order-modal-overlay"
      modalClassName="order-modal picker-modal"
      className="order-dialog picker-dialog"
    >
      <PickerDialog dish={dish} onAdd={onAdd} onClose={onClose} />
    </ModalDialog>
  );
}

/** The picker dialog's content, in its frame (VariantPicker); the tests draw it alone. */
export function PickerDialog({
  dish,
  onAdd,
  onClose,
}: {
  dish: MenuDish;
  onAdd: (line: CartLine) => void;
  onClose: () => void;
}) {
  const groups = useMemo(() => pickerGroups(dish), [dish]);
  const [pick, setPick] = useState<PickState>(emptyPick);
  const [tried, setTried] = useState(false);
  const [noteError, setNoteError] = useState<string | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const missing = tried ? new Set(missingGroups(groups, pick)) : new Set<string>();

  const add = () => {
    if (missingGroups(groups, pick).length > 0) {
      setTried(true);
      scrollToTop(body.current);
      return;
    }
    const line = buildLine(dish, groups, pick);
    const note = checkNote(line.note ?? '');
    if (!note.ok) {
      setNoteError(note.error);
      scrollToTop(body.current);
      return;
    }
    onAdd(line);
  };

  return (
    <>
      <div className="order-dialog-body" ref={body} data-testid="picker-body">
        <Heading slot="title">{dish.name}</Heading>
        {dish.description ? <p className="dish-description">{dish.description}</p> : null}
        {missing.size > 0 ? <Alert tone="danger">{t.chooseAtLeastOne}</Alert> : null}
        {noteError ? <Alert tone="danger">{noteError}</Alert> : null}
        {groups.map((group) =>
          group.kind === 'single' ? (
            <SingleGroup
              key={group.variant.id}
              group={group}
              pick={pick}
              missing={missing.has(group.variant.id)}
              onPick={setPick}
            />
          ) : group.kind === 'ingredients' ? (
            <IngredientsGroup key={group.variant.id} group={group} pick={pick} onPick={setPick} />
          ) : (
            <MultiGroup key={group.variant.id} group={group} pick={pick} onPick={setPick} />
          ),
        )}
      </div>
      <div className="order-dialog-foot">
        <span className="picker-price" aria-live="polite">
          {formatEuro(pickPrice(dish, groups, pick))}
        </span>
        <Button variant="secondary" onPress={onClose}>
          {t.close}
        </Button>
        <Button variant="primary" onPress={add}>
          {t.addToCart}
        </Button>
      </div>
    </>
  );
}
