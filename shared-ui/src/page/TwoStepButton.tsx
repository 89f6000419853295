// The two-step delete: the first click arms the button (it then reads the confirm label, in the danger colour);
// a second click while armed acts. The button disarms by itself after CONFIRM_MS (spec: 2 s).
import { type ReactNode, useEffect, useState } from 'react';
import { CONFIRM_MS } from '../table/constants.ts';

export interface TwoStepButtonProps {
  children: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  disabled?: boolean;
  /** Replaces the button's classes (both states). */
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

export function TwoStepButton(props: TwoStepButtonProps) {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!armed) return;
    const t = setTimeout(() => setArmed(false), CONFIRM_MS);
    return () => clearTimeout(t);
  }, [armed]);
  return (
    <button
      type="button"
      className={props.className ?? (armed ? 'pt-btn pt-btn--danger' : 'pt-btn pt-btn--secondary')}
      disabled={props.disabled}
      data-armed={armed ? 'true' : undefined}
      data-testid={props['data-testid']}
      aria-label={props['aria-label']}
      aria-live="polite"
      onClick={() => {
        if (armed) {
          setArmed(false);
          props.onConfirm();
        } else setArmed(true);
      }}
    >
      {armed ? props.confirmLabel : props.children}
    </button>
  );
}
