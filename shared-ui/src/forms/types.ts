// Props every control shares, and the small hooks behind them.
import { type ReactNode, useEffect, useRef } from 'react';

export interface ControlProps {
  label: ReactNode;
  /** Help text under the control. */
  hint?: ReactNode;
  /** An error from outside (the server, a rule of the form); shown instead of the control's own message. */
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  /** The input's id; generated when not given. */
  id?: string;
  name?: string;
  placeholder?: string;
  /** On the field wrapper. */
  className?: string;
  onBlur?: () => void;
  /** Guided-tour target, on the field wrapper (label and control): see tour/steps.ts. */
  'data-tour'?: string;
  /** On the input element itself. */
  'data-testid'?: string;
}

/** Calls `report(valid)` when the validity changes (and once on mount). */
export function useReportValidity(valid: boolean, report: ((valid: boolean) => void) | undefined): void {
  const ref = useRef(report);
  ref.current = report;
  useEffect(() => {
    ref.current?.(valid);
  }, [valid]);
}

/** Keeps the input's custom validity message in step, so a surrounding <form> does not submit an invalid value. */
export function useCustomValidity(input: React.RefObject<HTMLInputElement | null>, message: string | null): void {
  useEffect(() => {
    input.current?.setCustomValidity(message ?? '');
  }, [input, message]);
}

export const classes = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(' ');
