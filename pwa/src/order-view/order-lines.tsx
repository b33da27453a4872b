import { formatEuro, type ReservationLine, t, tf } from '@comanda/shared-schema';
import { Button } from '../components/button.tsx';
import type { EditKind } from './autosave.ts';
import { variantText } from './order-logic.ts';
import { AmountStepper, MobileAmountInput, PriceStepper } from './steppers.tsx';

export interface LinesProps {
  lines: readonly ReservationLine[];
  editing: boolean;
  onEdit: (
    edit: { id: string; amount?: number; price?: number; status?: ReservationLine['status'] },
    kind: EditKind,
  ) => void;
}

const isDeleted = (line: ReservationLine) => line.status === 'owner_deleted';

function DeleteRestore({ line, onEdit }: { line: ReservationLine; onEdit: LinesProps['onEdit'] }) {
  return isDeleted(line) ? (
    <Button variant="secondary" onPress={() => onEdit({ id: line.id, status: 'preparation' }, 'delete')}>
      <span aria-hidden="true">{t.restore}</span>
      <span className="ov-sr-only">{tf.forDish(t.restore, line.name)}</span>
    </Button>
  ) : (
    <Button variant="secondary" onPress={() => onEdit({ id: line.id, status: 'owner_deleted' }, 'delete')}>
      <span aria-hidden="true">{t.menuDelete}</span>
      <span className="ov-sr-only">{tf.forDish(t.menuDelete, line.name)}</span>
    </Button>
  );
}

/** Desktop layout (spec 2.12): one table row per line; 'Azioni' only while editing. */
export function LinesTable({ lines, editing, onEdit }: LinesProps) {
  const live = (line: ReservationLine) => editing && !isDeleted(line);
  return (
    <table className="ov-table" aria-label={t.orderLines}>
      <thead>
        <tr>
          <th scope="col">{t.columnQuantity}</th>
          <th scope="col">{t.columnName}</th>
          <th scope="col">{t.columnVariant}</th>
          <th scope="col">{t.columnNote}</th>
          <th scope="col">{t.columnPrice}</th>
          {editing ? <th scope="col">{t.columnActions}</th> : null}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id} className={isDeleted(line) ? 'ov-deleted' : undefined}>
            <td>
              {live(line) ? (
                <AmountStepper
                  name={line.name}
                  amount={line.amount}
                  onChange={(amount) => onEdit({ id: line.id, amount }, 'value')}
                />
              ) : (
                line.amount
              )}
            </td>
            <th scope="row">{isDeleted(line) ? <del>{line.name}</del> : line.name}</th>
            <td>{variantText(line)}</td>
            <td>{line.note ?? ''}</td>
            <td>
              {live(line) ? (
                <PriceStepper
                  name={line.name}
                  price={line.price}
                  onChange={(price) => onEdit({ id: line.id, price }, 'value')}
                />
              ) : (
                formatEuro(line.price)
              )}
            </td>
            {editing ? (
              <td>
                <DeleteRestore line={line} onEdit={onEdit} />
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Mobile layout (under 576 px): one card per line with the same fields. */
export function LinesCards({ lines, editing, onEdit }: LinesProps) {
  return (
    <ul className="ov-cards" aria-label={t.orderLines}>
      {lines.map((line) => {
        const live = editing && !isDeleted(line);
        const variant = variantText(line);
        return (
          <li key={line.id} className={isDeleted(line) ? 'ov-card ov-deleted' : 'ov-card'}>
            <p className="ov-card-name">{isDeleted(line) ? <del>{line.name}</del> : line.name}</p>
            <dl>
              <dt>{t.columnQuantity}</dt>
              <dd>
                {live ? (
                  <MobileAmountInput
                    name={line.name}
                    amount={line.amount}
                    onChange={(amount) => onEdit({ id: line.id, amount }, 'value')}
                  />
                ) : (
                  line.amount
                )}
              </dd>
              {variant ? (
                <>
                  <dt>{t.columnVariant}</dt>
                  <dd>{variant}</dd>
                </>
              ) : null}
              {line.note ? (
                <>
                  <dt>{t.columnNote}</dt>
                  <dd>{line.note}</dd>
                </>
              ) : null}
              <dt>{t.columnPrice}</dt>
              <dd>
                {live ? (
                  <PriceStepper
                    name={line.name}
                    price={line.price}
                    onChange={(price) => onEdit({ id: line.id, price }, 'value')}
                  />
                ) : (
                  formatEuro(line.price)
                )}
              </dd>
            </dl>
            {editing ? <DeleteRestore line={line} onEdit={onEdit} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
