// The field wrapper: a label, an optional hint, an error message and the required mark around one control,
// wired for assistive technology (label for, aria-describedby with the hint and the error, aria-invalid).
import { type ReactNode, useId } from 'react';

/** The attributes a control inside a Field spreads on itself. */
export interface FieldControl {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
  required: boolean | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** A short help text under the control (always shown). */
  hint?: ReactNode;
  /** The error message; the control is marked invalid while it is set. */
  error?: ReactNode;
  /** Adds the required mark; the control gets `required` and `aria-required`. */
  required?: boolean;
  /** The control's id; generated when not given. */
  id?: string;
  /** More ids describing the control (an adornment such as the currency symbol). */
  describedBy?: string;
  className?: string;
  /** Guided-tour target on the whole field (label and control): see tour/steps.ts. */
  'data-tour'?: string;
  /** Renders the control with the wiring attributes. */
  children: (control: FieldControl) => ReactNode;
}

export function Field(props: FieldProps) {
  const { label, hint, error, required, describedBy, className, children } = props;
  const generated = useId();
  const id = props.id ?? `pt-field-${generated}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const described = [hint ? hintId : null, describedBy, hasError ? errorId : null].filter(Boolean).join(' ');
  return (
    <div
      className={['pt-field', hasError ? 'pt-field--invalid' : null, className].filter(Boolean).join(' ')}
      data-tour={props['data-tour']}
    >
      <label className="pt-field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="pt-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        'aria-describedby': described || undefined,
        'aria-invalid': hasError ? true : undefined,
        'aria-required': required ? true : undefined,
        required: required || undefined,
      })}
      {hint ? (
        <p className="pt-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p className="pt-field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
