import { Button } from '../components/button.tsx';
import { SwitchProblemDialog } from './switch-problem-dialog.tsx';
import { useCustomerView } from './use-customer-view.ts';

/**
 * A button that switches the owner into the customer flow at `to` (spec 1), with its own
 * problem dialog: for a screen with one such way in (the delivery desk's delivery page).
 */
export function CustomerViewButton({
  to,
  label,
  className,
}: {
  to: string;
  label: string;
  className?: string;
}) {
  const view = useCustomerView();
  return (
    <>
      <Button
        variant="secondary"
        {...(className ? { className } : {})}
        // Not `isPending`: react-aria announces a pending button by its id, and the button is
        // gone once the customer page opens (axe: an unnamed image in the live region).
        isDisabled={view.opening}
        onPress={() => view.open(to)}
      >
        {label}
      </Button>
      <SwitchProblemDialog problem={view.problem} onClose={view.dismiss} />
    </>
  );
}
