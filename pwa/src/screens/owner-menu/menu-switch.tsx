import type { ReactNode } from 'react';
import { Switch, type SwitchProps } from 'react-aria-components';

/** A labelled react-aria switch (role switch, named by its label) with a 44 px target. */
export function MenuSwitch({
  children,
  labelHidden = false,
  ...rest
}: Omit<SwitchProps, 'children' | 'className'> & { children: ReactNode; labelHidden?: boolean }) {
  return (
    <Switch {...rest} className="menu-switch">
      <span className="menu-switch-track" aria-hidden="true">
        <span className="menu-switch-thumb" />
      </span>
      <span className={labelHidden ? 'visually-hidden' : 'menu-switch-label'}>{children}</span>
    </Switch>
  );
}
