import { useEffect } from 'react';
import { type Mock, vi } from 'vitest';

/**
 * A stand-in for `@stripe/stripe-js` and `@stripe/react-stripe-js` in component tests (the real
 * ones load Stripe.js from the internet): `vi.mock` both with `stripeModules(stub)`. The payment
 * form is a plain box that says it is ready; `confirmPayment` is the test's to script.
 */
export interface StripeStub {
  loadStripe: Mock<(...args: unknown[]) => Promise<unknown>>;
  confirmPayment: Mock<(...args: unknown[]) => Promise<unknown>>;
  /** The options each `<Elements>` was given (its clientSecret). */
  elementsOptions: Array<{ clientSecret?: string; locale?: string }>;
}

export function newStripeStub(): StripeStub {
  const stub: StripeStub = {
    loadStripe: vi.fn(async (..._args: unknown[]) => ({ confirmPayment: stub.confirmPayment })),
    confirmPayment: vi.fn(async (..._args: unknown[]) => new Promise(() => {})),
    elementsOptions: [],
  };
  return stub;
}

function StubPaymentElement({ onReady }: { onReady?: () => void }) {
  useEffect(() => {
    onReady?.();
  }, [onReady]);
  return <div data-testid="payment-element" />;
}

/** What `vi.mock('@stripe/react-stripe-js', ...)` answers. */
export function reactStripeModule(stub: () => StripeStub) {
  return {
    Elements: ({
      children,
      options,
    }: {
      children: React.ReactNode;
      options: { clientSecret?: string; locale?: string };
    }) => {
      stub().elementsOptions.push(options);
      return children;
    },
    PaymentElement: StubPaymentElement,
    useStripe: () => ({ confirmPayment: stub().confirmPayment }),
    useElements: () => ({ stub: 'elements' }),
  };
}
