// Text controls: the email input (type email, with its validity message), a plain text input, a text area and a
// styled native select. Errors show once the control has been left (or a form submission found it invalid).
import { useLingui } from '@lingui/react/macro';
import { type HTMLAttributes, useEffect, useRef, useState } from 'react';
import { Field } from './Field.tsx';
import { formMessages } from './messages.ts';
import { type ControlProps, classes, useReportValidity } from './types.ts';

/** The control's own message from the browser's constraint validation. */
function useValidityMessage(
  element: React.RefObject<HTMLInputElement | HTMLSelectElement | null>,
  value: string,
  emailKind: boolean,
) {
  const { i18n } = useLingui();
  const [state, setState] = useState<'ok' | 'missing' | 'email'>('ok');
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read the DOM validity whenever the value changes.
  useEffect(() => {
    const v = element.current?.validity;
    setState(!v || v.valid ? 'ok' : v.valueMissing ? 'missing' : emailKind && v.typeMismatch ? 'email' : 'ok');
  }, [element, value, emailKind]);
  const message =
    state === 'missing' ? i18n._(formMessages.required) : state === 'email' ? i18n._(formMessages.emailInvalid) : null;
  return { valid: state === 'ok', message };
}

/**
 * The wiring every text control shares: its error shows once the control has been left, or once a form submission
 * found it invalid; `onBlur` of the props still runs.
 */
function useTouched(props: Pick<ControlProps, 'onBlur'>) {
  const [touched, setTouched] = useState(false);
  return {
    touched,
    handlers: {
      onBlur: () => {
        setTouched(true);
        props.onBlur?.();
      },
      onInvalid: () => setTouched(true),
    },
  };
}

export interface EmailInputProps extends ControlProps {
  value: string;
  /** The text as typed (trimmed by the browser); '' becomes null in request bodies. */
  onChange: (value: string) => void;
  onValidityChange?: (valid: boolean) => void;
  /** Default 'email'. */
  autoComplete?: string;
}

/** An email address: input of type email; 'Inserisci un indirizzo email valido' once left with a bad address. */
export function EmailInput(props: EmailInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const { touched, handlers } = useTouched(props);
  const { valid, message } = useValidityMessage(input, props.value, true);
  useReportValidity(valid, props.onValidityChange);
  return (
    <Field
      label={props.label}
      hint={props.hint}
      error={props.error ?? (touched ? message : null)}
      required={props.required}
      id={props.id}
      className={classes('pt-field--email', props.className)}
      data-tour={props['data-tour']}
    >
      {(control) => (
        <input
          {...control}
          ref={input}
          type="email"
          className="pt-input"
          autoComplete={props.autoComplete ?? 'email'}
          spellCheck={false}
          name={props.name}
          placeholder={props.placeholder}
          disabled={props.disabled}
          readOnly={props.readOnly}
          data-testid={props['data-testid']}
          value={props.value}
          onChange={(e) => props.onChange(e.currentTarget.value)}
          {...handlers}
        />
      )}
    </Field>
  );
}

export interface TextInputProps extends ControlProps {
  value: string;
  onChange: (value: string) => void;
  onValidityChange?: (valid: boolean) => void;
  /** 'password' hides what is typed (a write-only secret: use autoComplete 'new-password'). */
  type?: 'text' | 'tel' | 'url' | 'search' | 'password';
  autoComplete?: string;
  maxLength?: number;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Shown upper-case and sent upper-case (tax codes, IBAN). */
  uppercase?: boolean;
}

/** A plain text input in a Field (tax code, IBAN, descriptions). */
export function TextInput(props: TextInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const { touched, handlers } = useTouched(props);
  const { valid, message } = useValidityMessage(input, props.value, false);
  useReportValidity(valid, props.onValidityChange);
  return (
    <Field
      label={props.label}
      hint={props.hint}
      error={props.error ?? (touched ? message : null)}
      required={props.required}
      id={props.id}
      className={props.className}
      data-tour={props['data-tour']}
    >
      {(control) => (
        <input
          {...control}
          ref={input}
          type={props.type ?? 'text'}
          className={classes('pt-input', props.uppercase && 'pt-input--upper')}
          autoComplete={props.autoComplete}
          spellCheck={props.type === 'password' ? false : undefined}
          maxLength={props.maxLength}
          inputMode={props.inputMode}
          name={props.name}
          placeholder={props.placeholder}
          disabled={props.disabled}
          readOnly={props.readOnly}
          data-testid={props['data-testid']}
          value={props.value}
          onChange={(e) => {
            const v = e.currentTarget.value;
            props.onChange(props.uppercase ? v.toUpperCase() : v);
          }}
          {...handlers}
        />
      )}
    </Field>
  );
}

export interface TextAreaProps extends ControlProps {
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  /** Visible lines; default 3. */
  rows?: number;
}

/** Several lines of text in a Field (a note, a reason). */
export function TextArea(props: TextAreaProps) {
  const { touched, handlers } = useTouched(props);
  const missing = Boolean(props.required) && props.value.trim() === '';
  const { i18n } = useLingui();
  return (
    <Field
      label={props.label}
      hint={props.hint}
      error={props.error ?? (touched && missing ? i18n._(formMessages.required) : null)}
      required={props.required}
      id={props.id}
      className={props.className}
      data-tour={props['data-tour']}
    >
      {(control) => (
        <textarea
          {...control}
          className="pt-input pt-textarea"
          rows={props.rows ?? 3}
          maxLength={props.maxLength}
          name={props.name}
          placeholder={props.placeholder}
          disabled={props.disabled}
          readOnly={props.readOnly}
          data-testid={props['data-testid']}
          value={props.value}
          onChange={(e) => props.onChange(e.currentTarget.value)}
          {...handlers}
        />
      )}
    </Field>
  );
}

export interface SelectOption<V extends string = string> {
  value: V;
  /** Already translated. */
  label: string;
  disabled?: boolean;
}

export interface SelectProps<V extends string = string> extends Omit<ControlProps, 'readOnly'> {
  value: V | '' | null;
  /** The chosen option's value, or '' for the placeholder. */
  onChange: (value: V | '') => void;
  options: ReadonlyArray<SelectOption<V>>;
  onValidityChange?: (valid: boolean) => void;
}

/** A styled native select; `placeholder` adds an empty first option (value ''). */
export function Select<V extends string = string>(props: SelectProps<V>) {
  const select = useRef<HTMLSelectElement>(null);
  const { touched, handlers } = useTouched(props);
  const value = props.value ?? '';
  const { valid, message } = useValidityMessage(select, value, false);
  useReportValidity(valid, props.onValidityChange);
  return (
    <Field
      label={props.label}
      hint={props.hint}
      error={props.error ?? (touched ? message : null)}
      required={props.required}
      id={props.id}
      className={classes('pt-field--select', props.className)}
      data-tour={props['data-tour']}
    >
      {(control) => (
        <div className="pt-select">
          <select
            {...control}
            ref={select}
            className="pt-input pt-select__control"
            name={props.name}
            disabled={props.disabled}
            data-testid={props['data-testid']}
            value={value}
            onChange={(e) => {
              const chosen = e.currentTarget.value;
              props.onChange(props.options.find((o) => o.value === chosen)?.value ?? '');
            }}
            {...handlers}
          >
            {props.placeholder !== undefined || value === '' ? (
              <option value="">{props.placeholder ?? ''}</option>
            ) : null}
            {props.options.map((o) => (
              <option key={o.value} value={o.value} disabled={o.disabled}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </Field>
  );
}
