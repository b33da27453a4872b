import { t, tf } from '@comanda/shared-schema';
import { Button } from '../components/button.tsx';
import { checkTypedDiscount, DISCOUNT_PERCENTS, percentDiscount } from './money-entry.ts';
import { MoneyStepper } from './money-stepper.tsx';
import { discountMinusDisabled, discountPlusDisabled, stepDiscount } from './order-logic.ts';

/**
 * The discount while editing (spec 5): the 0,50 € steppers, the amount typed to the cent, and
 * quick percentages of the subtotal (a 10 € discount is one entry, not twenty taps). All three
 * keep it at 0 or more and below the subtotal.
 */
export function DiscountEditor({
  sconto,
  subtotal,
  onDiscount,
}: {
  sconto: number;
  subtotal: number;
  onDiscount: (cents: number) => void;
}) {
  return (
    <div className="ov-discount">
      <MoneyStepper
        label={t.rowDiscount}
        decreaseLabel={t.decreaseDiscount}
        increaseLabel={t.increaseDiscount}
        cents={sconto}
        minusDisabled={discountMinusDisabled(sconto)}
        plusDisabled={discountPlusDisabled(sconto, subtotal)}
        onStep={(dir) => onDiscount(stepDiscount(sconto, dir, subtotal))}
        check={(text) => checkTypedDiscount(text, subtotal)}
        onCommit={onDiscount}
      />
      <fieldset className="btn-row ov-discount-quick">
        <legend className="ov-sr-only">{t.discountQuick}</legend>
        {DISCOUNT_PERCENTS.map((percent) => {
          const cents = percentDiscount(subtotal, percent);
          return (
            <Button
              key={percent}
              variant="secondary"
              aria-label={tf.discountPercent(percent)}
              isDisabled={cents === null}
              onPress={() => {
                if (cents !== null) onDiscount(cents);
              }}
            >
              {tf.percent(percent)}
            </Button>
          );
        })}
      </fieldset>
    </div>
  );
}
