import { KITCHEN_FILTERS, type KitchenFilter, t } from '@comanda/shared-schema';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';

const FILTER_LABELS: Record<KitchenFilter, string> = {
  tutto: t.kitchenFilterAll,
  cucina: t.kitchenAreaKitchen,
  bar: t.kitchenAreaBar,
  fritti: t.kitchenAreaFried,
};

/**
 * The kitchen-area filter (spec 2.6, 9: tutto, cucina, bar, fritti): one choice, always one
 * chosen. The dashboard and the kitchen display draw it alike; `buttonClassName` sizes it.
 */
export function AreaFilter({
  value,
  onChange,
  className,
  buttonClassName,
}: {
  value: KitchenFilter;
  onChange: (filter: KitchenFilter) => void;
  className: string;
  buttonClassName: string;
}) {
  return (
    <ToggleButtonGroup
      aria-label={t.kitchenFilterLabel}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[value]}
      onSelectionChange={(keys) => {
        const [first] = [...keys];
        if (typeof first === 'string' && (KITCHEN_FILTERS as readonly string[]).includes(first)) {
          onChange(first as KitchenFilter);
        }
      }}
      className={className}
    >
      {KITCHEN_FILTERS.map((f) => (
        <ToggleButton key={f} id={f} className={buttonClassName}>
          {FILTER_LABELS[f]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
