import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children' | 'className'> {
  children: ReactNode;
  errorMessage?: string | null;
}

/** A labelled react-aria checkbox; `errorMessage` is shown under it and announced. */
export function Checkbox({ children, errorMessage, ...rest }: CheckboxProps) {
  return (
    <div className="field">
      <AriaCheckbox {...rest} isInvalid={Boolean(errorMessage) || rest.isInvalid} className="checkbox">
        {({ isSelected }) => (
          <>
            <span className="checkbox-box" aria-hidden="true">
              {isSelected ? (
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
              ) : null}
            </span>
            <span>{children}</span>
          </>
        )}
      </AriaCheckbox>
      {errorMessage ? (
        <p className="field-error" role="alert">
          {errorMessage}
        </p>
      ) : null}
    </div>
  );
}
