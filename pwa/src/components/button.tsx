import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export type Variant = 'primary' | 'secondary' | 'ghost' | 'plain';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'> {
  variant?: Variant;
  block?: boolean;
  className?: string;
  children: ReactNode;
}

export function buttonClass(variant: Variant = 'plain', block = false, extra = ''): string {
  return ['btn', variant === 'plain' ? '' : `btn-${variant}`, block ? 'btn-block' : '', extra]
    .filter(Boolean)
    .join(' ');
}

/** A react-aria button (press, keyboard, focus ring) in the app's look. */
export function Button({ variant = 'plain', block = false, className = '', children, ...rest }: ButtonProps) {
  return (
    <AriaButton {...rest} className={buttonClass(variant, block, className)}>
      {children}
    </AriaButton>
  );
}
