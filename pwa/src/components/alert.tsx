import type { ReactNode } from 'react';

export type Tone = 'success' | 'warning' | 'danger' | 'info';

/** A message box. Warnings and errors interrupt a screen reader; the rest waits its turn. */
export function Alert({
  tone,
  children,
  className = '',
}: {
  tone: Tone;
  children: ReactNode;
  className?: string;
}) {
  const urgent = tone === 'danger' || tone === 'warning';
  return (
    <div className={`alert alert-${tone} ${className}`} role={urgent ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
