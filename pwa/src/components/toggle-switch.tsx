import type { ReactNode } from 'react';
import { Switch, type SwitchProps } from 'react-aria-components';
import './toggle-switch.css';

/** A labelled react-aria switch (role switch, named by its label) with a 44 px target. */
export function ToggleSwitch({
  children,
  ...rest
}: Omit<SwitchProps, 'children' | 'className'> & { children: ReactNode }) {
  return (
    <Switch {...rest} className="switch">
      <span className="switch-track" aria-hidden="true">
        <span className="switch-thumb" />
      </span>
      <span className="switch-label">{children}</span>
    </Switch>
  );
}
