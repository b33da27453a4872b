import {
  type CartLine,
  cartLineKey,
  formatEuro,
  lineTotal,
  MAX_LINE_AMOUNT,
  selectedOptions,
  sortVariants,
  t,
  tf,
} from '@comanda/shared-schema';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Button } from '../components/button.tsx';
import type { CartStore } from './cart-store.ts';

// The note box's text field loads when a note is first opened.
const NoteBox = lazy(() => import('./note-box.tsx').then((m) => ({ default: m.NoteBox })));

/** Selected variants grouped by variant name, sorted by position: [['Formato', 'Maxi'], ...]. */
export function variantSummary(line: Pick<CartLine, 'variants'>): Array<[string, string]> {
  const groups = new Map<string, string[]>();
  for (const variant of sortVariants(line.variants)) {
    const labels = selectedOptions(variant).map((o) => o.label);
    if (labels.length === 0) continue;
    groups.set(variant.name, [...(groups.get(variant.name) ?? []), ...labels]);
  }
  return [...groups.entries()].map(([name, labels]) => [name, labels.join(', ')]);
}

/** The amount as typed: digits only; committed when it is a number, 0 removes the line on leave. */
function AmountInput({ line, store, locked }: { line: CartLine; store: CartStore; locked: boolean }) {
  const key = cartLineKey(line);
  const [text, setText] = useState(String(line.amount));
  useEffect(() => setText(String(line.amount)), [line.amount]);
  const commit = () => {
    const n = Number.parseInt(text, 10);
    if (Number.isNaN(n)) setText(String(line.amount));
    else store.setAmount(key, n);
  };
  return (
    <input
      className="amount-input"
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      aria-label={tf.amountOf(line.name)}
      value={text}
      disabled={locked}
      onChange={(e) => {
        const digits = e.target.value.replace(/\D+/g, '').slice(0, String(MAX_LINE_AMOUNT).length);
        setText(digits);
        const n = Number.parseInt(digits, 10);
        // 0 waits for blur or Enter: the person may be typing '05'.
        if (n > 0) store.setAmount(key, n);
      }}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}

/**
 * One cart line (spec 2.9): name, unit total (amount times price), variants, note, the quantity
 * control (minus disabled below 2), 'Rimuovi', and 'Aggiungi nota' opening the note box.
 */
export function CartLineItem({ line, store, locked }: { line: CartLine; store: CartStore; locked: boolean }) {
  const key = cartLineKey(line);
  const [editing, setEditing] = useState(false);
  const nameId = useId();
  const summary = variantSummary(line);
  const hidden = (text: string) => <span className="visually-hidden"> {text}</span>;

  return (
    <li className="cart-line" aria-labelledby={nameId}>
      <div className="cart-line-head">
        <span id={nameId} className="cart-line-name">
          {line.name}
        </span>
        <span className="cart-line-total">{formatEuro(lineTotal(line))}</span>
      </div>
      {summary.length > 0 ? (
        <dl className="cart-line-variants">
          {summary.map(([name, labels]) => (
            <div key={name}>
              <dt>{name}:</dt> <dd>{labels}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {editing ? (
        <Suspense fallback={null}>
          <NoteBox
            dishName={line.name}
            initial={line.note ?? ''}
            onSave={(note) => {
              if (store.setNote(key, note).ok) setEditing(false);
            }}
            onRemove={() => {
              store.setNote(key, undefined);
              setEditing(false);
            }}
          />
        </Suspense>
      ) : line.note ? (
        <p className="cart-line-note">{line.note}</p>
      ) : null}
      <div className="cart-line-controls">
        <div className="stepper">
          <Button
            variant="secondary"
            aria-label={tf.forDish(t.decreaseAmount, line.name)}
            isDisabled={locked || line.amount < 2}
            onPress={() => store.decrement(key)}
          >
            <span aria-hidden="true">−</span>
          </Button>
          <AmountInput line={line} store={store} locked={locked} />
          <Button
            variant="secondary"
            aria-label={tf.forDish(t.increaseAmount, line.name)}
            isDisabled={locked || line.amount >= MAX_LINE_AMOUNT}
            onPress={() => store.increment(key)}
          >
            <span aria-hidden="true">+</span>
          </Button>
        </div>
        <Button variant="ghost" isDisabled={locked} onPress={() => store.remove(key)}>
          {t.remove}
          {hidden(line.name)}
        </Button>
        {editing ? null : (
          <Button variant="ghost" isDisabled={locked} onPress={() => setEditing(true)}>
            {line.note ? t.editNote : t.addNote}
            {hidden(line.name)}
          </Button>
        )}
      </div>
    </li>
  );
}
